import nodemailer from 'nodemailer';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailMessages, mailTemplates } from '../db/schema/index';
import { DEFAULT_TEMPLATES, render, type MailTemplate, type TemplateCode } from './templates';

export interface SendMail {
  agencyId: string | null;
  to: string;
  templateCode: TemplateCode;
  vars: Record<string, string | number>;
}

export type DeliveryStatus = 'sent' | 'failed' | 'recorded';

export interface Mailer {
  send(mail: SendMail): Promise<void>;
  /**
   * Delivers a recorded message again, as it was rendered (the link it carries is the one issued
   * then). Answers the new status and error; the caller updates the history row.
   */
  deliver(message: { to: string; subject: string; html: string; text: string }): Promise<{ status: DeliveryStatus; error: string | null }>;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The agency's own copy of a template when it keeps one, else the default. */
export async function templateFor(db: Db, agencyId: string | null, code: string): Promise<MailTemplate> {
  if (agencyId) {
    const [own] = await db
      .select({ code: mailTemplates.code, name: mailTemplates.name, subject: mailTemplates.subject, html: mailTemplates.html })
      .from(mailTemplates)
      .where(and(eq(mailTemplates.agencyId, agencyId), eq(mailTemplates.code, code)))
      .limit(1);
    if (own) return own;
  }
  const template = DEFAULT_TEMPLATES[code];
  if (!template) throw new Error(`Unknown mail template ${code}`);
  return template;
}

/**
 * Sends through SMTP_URL when set; every message is recorded in email_messages with its status.
 * Without SMTP the message is only recorded and logged, so a developer can follow its link.
 * A failed delivery never fails the request that caused it.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: Log;
  /** Called with each message whose delivery failed (the app queues a retry). */
  onFailed?: (message: { id: string; agencyId: string | null }) => Promise<unknown>;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  const deliver: Mailer['deliver'] = async (message) => {
    if (!transport) {
      opts.log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail recorded (no SMTP_URL set)');
      return { status: 'recorded', error: null };
    }
    try {
      await transport.sendMail({ from: opts.from, ...message });
      return { status: 'sent', error: null };
    } catch (err) {
      opts.log.error({ err, to: message.to }, 'mail delivery failed');
      return { status: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
  };

  return {
    deliver,
    async send(mail) {
      const template = await templateFor(opts.db, mail.agencyId, mail.templateCode);
      const rendered = render(template, mail.vars);
      const { status, error } = await deliver({ to: mail.to, ...rendered });
      const [row] = await opts.db
        .insert(emailMessages)
        .values({
          agencyId: mail.agencyId,
          toAddress: mail.to,
          templateCode: mail.templateCode,
          ...rendered,
          status,
          error,
        })
        .returning({ id: emailMessages.id });
      if (status === 'failed' && opts.onFailed) {
        await opts.onFailed({ id: row!.id, agencyId: mail.agencyId }).catch((err: unknown) =>
          opts.log.error({ err }, 'could not queue the mail retry'),
        );
      }
    },
  };
}
