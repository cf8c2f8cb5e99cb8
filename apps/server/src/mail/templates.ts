/**
 * Default e-mail templates, by code. An agency may keep its own copy of each (table mail_templates,
 * docs/emails.md); until it does, the default is used. Variables are {{name}} style; `variables`
 * lists what the sender fills, so the customize screen and docs can say what is available.
 */
export interface MailTemplate {
  code: string;
  name: string;
  subject: string;
  html: string;
}

export interface DefaultTemplate extends MailTemplate {
  variables: readonly string[];
}

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
const button = (label: string) => `<p><a href="{{link}}">${label}</a></p><p>If the button does not work, open this address: {{link}}</p>`;

const list = [
  {
    code: 'confirm_email',
    name: 'Account confirmation',
    subject: 'Confirm your {{agencyName}} account',
    html:
      p('Hi {{name}},', 'Thanks for signing up with {{agencyName}}. Please confirm your email to activate your account:') +
      button('Confirm my email') +
      p('The link works once and expires in {{hours}} hours.'),
    variables: ['name', 'agencyName', 'link', 'hours'],
  },
  {
    code: 'reset_password',
    name: 'Password reset',
    subject: 'Reset your {{agencyName}} password',
    html:
      p('Hi {{name}},', 'We received a request to reset your password. Choose a new one here:') +
      button('Reset password') +
      p('The link works once and expires in {{minutes}} minutes. If you did not ask for it, ignore this email.'),
    variables: ['name', 'agencyName', 'link', 'minutes'],
  },
  {
    code: 'deposit_approved',
    name: 'Deposit approved',
    subject: 'Your {{agencyName}} deposit of {{amount}} was approved',
    html:
      p('Hi {{name}},', 'Your deposit {{transactionId}} of {{amount}} has been approved and added to your balance.', 'Your balance is now {{balance}}.'),
    variables: ['name', 'agencyName', 'amount', 'transactionId', 'balance'],
  },
  {
    code: 'deposit_rejected',
    name: 'Deposit rejected',
    subject: 'Your {{agencyName}} deposit of {{amount}} was rejected',
    html: p('Hi {{name}},', 'Your deposit {{transactionId}} of {{amount}} was rejected.', 'Reason: {{note}}', 'Please contact {{agencyName}} if you have questions.'),
    variables: ['name', 'agencyName', 'amount', 'transactionId', 'note'],
  },
  {
    code: 'order_rejected',
    name: 'Order rejected',
    subject: 'Order {{orderName}} was rejected',
    html: p('Hi {{name}},', 'Your order {{orderName}} was rejected by {{agencyName}}.', 'Reason: {{reason}}'),
    variables: ['name', 'agencyName', 'orderName', 'reason'],
  },
  {
    code: 'order_held',
    name: 'Order on hold',
    subject: 'Order {{orderName}} is on hold',
    html: p('Hi {{name}},', 'Your order {{orderName}} has been put on hold by {{agencyName}}.', 'Reason: {{reason}}'),
    variables: ['name', 'agencyName', 'orderName', 'reason'],
  },
  {
    code: 'payout_approved',
    name: 'Payout approved',
    subject: 'Your {{agencyName}} payout of {{amount}} was approved',
    html: p('Hi {{name}},', 'Your payout of {{amount}} has been approved.', 'Note: {{note}}'),
    variables: ['name', 'agencyName', 'amount', 'note'],
  },
  {
    code: 'seller_created',
    name: 'Welcome seller',
    subject: 'Welcome to {{agencyName}}',
    html:
      p('Hi {{name}},', '{{agencyName}} has created the seller account {{teamName}} for you. You will sign in with this email address ({{email}}). Choose your password:') +
      button('Set your password') +
      p('The link works for 72 hours. Your administrator can also set a password for you.'),
    variables: ['name', 'agencyName', 'teamName', 'email', 'link'],
  },
  {
    code: 'user_created',
    name: 'Welcome user',
    subject: 'Your {{agencyName}} account is ready',
    html:
      p('Hi {{name}},', '{{createdBy}} has added you to {{agencyName}} as {{authority}}. Sign in with this email address ({{email}}):') +
      button('Sign in') +
      p('Ask {{createdBy}} for your first password; change it on your profile after signing in.'),
    variables: ['name', 'agencyName', 'createdBy', 'authority', 'email', 'link'],
  },
  {
    code: 'low_stock',
    name: 'Low stock',
    subject: 'Low stock: {{sku}} at {{warehouseCode}}',
    html: p('Hi {{name}},', '{{sku}} ({{productName}}) at the {{warehouseCode}} warehouse is down to {{available}} available units.', 'Send more stock to keep its orders shipping.'),
    variables: ['name', 'agencyName', 'sku', 'productName', 'warehouseCode', 'available'],
  },
] as const satisfies readonly DefaultTemplate[];

export type TemplateCode = (typeof list)[number]['code'];

export const DEFAULT_TEMPLATES: Record<string, DefaultTemplate> = Object.fromEntries(list.map((t) => [t.code, t]));

/** In a stable order for the 'Add template' dialog. */
export const DEFAULT_TEMPLATE_LIST: readonly DefaultTemplate[] = list;

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Fills {{variables}}; values are escaped in HTML, left plain in the subject and text part. */
export function render(template: MailTemplate, vars: Record<string, string | number>) {
  const fill = (s: string, escape: boolean) =>
    s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => (k in vars ? (escape ? escapeHtml(String(vars[k])) : String(vars[k])) : ''));
  const html = fill(template.html, true);
  const text = fill(template.html, false)
    .replace(/<a [^>]*href="([^"]*)"[^>]*>[^<]*<\/a>/g, '$1')
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { subject: fill(template.subject, false), html, text };
}
