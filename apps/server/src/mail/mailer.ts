import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { emailMessages } from '../db/schema/index';
import { DEFAULT_TEMPLATES, render } from './templates';

export interface SendMail {
  agencyId: string | null;
  to: string;
  templateCode: keyof typeof DEFAULT_TEMPLATES | string;
  vars: Record<string, string | number>;
}

export interface Mailer {
  send(mail: SendMail): Promise<void>;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Sends through SMTP_URL when set; every message is recorded in email_messages with its status.
 * Without SMTP the message is only recorded and logged, so a developer can follow its link.
 * A failed delivery never fails the request that caused it.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: Log }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const template = DEFAULT_TEMPLATES[mail.templateCode];
      if (!template) throw new Error(`Unknown mail template ${mail.templateCode}`);
      const { subject, html, text } = render(template, mail.vars);
      let status: 'sent' | 'failed' | 'recorded' = 'recorded';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: opts.from, to: mail.to, subject, html, text });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
          opts.log.error({ err, to: mail.to, template: mail.templateCode }, 'mail delivery failed');
        }
      } else {
        opts.log.info({ to: mail.to, subject, text }, 'mail recorded (no SMTP_URL set)');
      }
      await opts.db.insert(emailMessages).values({
        agencyId: mail.agencyId,
        toAddress: mail.to,
        templateCode: template.code,
        subject,
        html,
        text,
        status,
        error,
      });
    },
  };
}
