/** Strings of the e-mail settings, templates and history screens (spec part 2, sections 5 and 8). */
export const EMAIL_MSG = {
  addSuccess: 'Add template success!',
  addFailure: 'Add failure!',
  existed: 'Existed',
  saveSuccess: 'Save success!',
  saveFailure: 'Save failure!',
  canNotFindId: 'Can not find id',
  customerEmailSuccess: 'Update customer email success!',
  error: 'Error!',
  // Not given by the spec (docs/decisions.md, E-mail settings and history).
  inputSubject: 'Please input subject',
  inputBody: 'Please input body',
  subjectLength: 'subject should be 1 to 255 length',
  bodyLength: 'body should be at most 100000 characters',
  unknownTemplate: 'Unknown template',
  deleted: 'Deleted',
  retryOnlyFailed: 'Only a failed e-mail can be sent again',
  retrySent: 'Sent',
  retryFailed: 'Sending failed again',
} as const;

export const EMAIL_LIMITS = { subject: 255, html: 100_000 } as const;

export const EMAIL_STATUSES = ['sent', 'failed', 'recorded'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
