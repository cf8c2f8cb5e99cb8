import { z } from 'zod';
import { EMAIL_LIMITS, EMAIL_MSG, EMAIL_STATUSES } from '../domain/emails';
import { listQuery, listResponse } from './common';

export { EMAIL_LIMITS, EMAIL_MSG, EMAIL_STATUSES, type EmailStatus } from '../domain/emails';

// Templates.
export const mailTemplateItem = z.object({ id: z.string(), code: z.string(), name: z.string(), subject: z.string() });
export type MailTemplateItem = z.infer<typeof mailTemplateItem>;
export const mailTemplateListResponse = z.object({ data: z.array(mailTemplateItem) });

export const mailTemplateDetail = mailTemplateItem.extend({ html: z.string(), variables: z.array(z.string()) });
export type MailTemplateDetail = z.infer<typeof mailTemplateDetail>;
export const mailTemplateDetailResponse = z.object({ data: mailTemplateDetail });

export const defaultTemplateItem = z.object({
  code: z.string(),
  name: z.string(),
  subject: z.string(),
  html: z.string(),
  variables: z.array(z.string()),
  /** The agency already keeps its own copy: the dialog shows 'Existed'. */
  existed: z.boolean(),
});
export type DefaultTemplateItem = z.infer<typeof defaultTemplateItem>;
export const defaultTemplateListResponse = z.object({ data: z.array(defaultTemplateItem) });

export const mailTemplateAddBody = z.object({ code: z.string().trim().min(1, EMAIL_MSG.unknownTemplate).max(64) });
export type MailTemplateAddBody = z.infer<typeof mailTemplateAddBody>;
export const mailTemplateAddAnswer = z.object({ message: z.string(), data: mailTemplateItem.optional() });

export const mailTemplateUpdateBody = z.object({
  subject: z
    .string({ error: EMAIL_MSG.inputSubject })
    .trim()
    .min(1, EMAIL_MSG.inputSubject)
    .max(EMAIL_LIMITS.subject, EMAIL_MSG.subjectLength),
  html: z.string({ error: EMAIL_MSG.inputBody }).trim().min(1, EMAIL_MSG.inputBody).max(EMAIL_LIMITS.html, EMAIL_MSG.bodyLength),
});
export type MailTemplateUpdateBody = z.infer<typeof mailTemplateUpdateBody>;

// History.
export const emailHistoryQuery = listQuery.extend({ status: z.enum(EMAIL_STATUSES).optional() });
export type EmailHistoryQuery = z.infer<typeof emailHistoryQuery>;
export const emailHistoryItem = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  templateCode: z.string(),
  status: z.enum(EMAIL_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailHistoryItem = z.infer<typeof emailHistoryItem>;
export const emailHistoryResponse = listResponse(emailHistoryItem);
export const emailMessageDetail = emailHistoryItem.extend({ html: z.string() });
export type EmailMessageDetail = z.infer<typeof emailMessageDetail>;
export const emailMessageResponse = z.object({ data: emailMessageDetail });
export const emailRetryAnswer = z.object({ message: z.string(), data: emailHistoryItem });
