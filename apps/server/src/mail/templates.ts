/**
 * Default e-mail templates, by code. The settings issue lets an agency keep its own copy of
 * each (docs/emails.md); until one exists the default is used. Variables are {{name}} style.
 */
export interface MailTemplate {
  code: string;
  name: string;
  subject: string;
  html: string;
}

export const DEFAULT_TEMPLATES: Record<string, MailTemplate> = {
  confirm_email: {
    code: 'confirm_email',
    name: 'Account confirmation',
    subject: 'Confirm your {{agencyName}} account',
    html:
      '<p>Hi {{name}},</p><p>Thanks for signing up with {{agencyName}}. Please confirm your email to activate your account:</p>' +
      '<p><a href="{{link}}">Confirm my email</a></p><p>If the button does not work, open this address: {{link}}</p>' +
      '<p>The link works once and expires in {{hours}} hours.</p>',
  },
  reset_password: {
    code: 'reset_password',
    name: 'Password reset',
    subject: 'Reset your {{agencyName}} password',
    html:
      '<p>Hi {{name}},</p><p>We received a request to reset your password. Choose a new one here:</p>' +
      '<p><a href="{{link}}">Reset password</a></p><p>If the button does not work, open this address: {{link}}</p>' +
      '<p>The link works once and expires in {{minutes}} minutes. If you did not ask for it, ignore this email.</p>',
  },
};

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Fills {{variables}}; values are escaped in HTML, left plain in the subject and text part. */
export function render(template: MailTemplate, vars: Record<string, string | number>) {
  const fill = (s: string, escape: boolean) =>
    s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => (k in vars ? (escape ? escapeHtml(String(vars[k])) : String(vars[k])) : ''));
  const html = fill(template.html, true);
  const text = fill(template.html, false)
    .replace(/<a href="([^"]*)">[^<]*<\/a>/g, '$1')
    .replace(/<\/p>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .trim();
  return { subject: fill(template.subject, false), html, text };
}
