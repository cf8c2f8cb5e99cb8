import { afterAll } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { useApiTest } from './api';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A real SMTP server on a free port that keeps what it receives (and hands each to `onMessage`). */
export async function startSmtp(onMessage?: (mail: ReceivedMail) => void, port = 0) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) };
        messages.push(mail);
        onMessage?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    /** The newest message to an address. */
    lastTo(address: string) {
      return [...messages].reverse().find((m) => m.to.includes(address));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in a mail to a path under /cms/. */
export function linkIn(mail: ReceivedMail | undefined, pathPart: string): URL {
  if (!mail) throw new Error('no mail received');
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${pathPart} link in mail`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}

/**
 * The usual set-up of a test file that reads mail: a local SMTP server and a test app that sends
 * through it, made in the file's beforeAll and closed after its tests. Use it at the top of the file:
 * `const mailing = useMailingTestApp();`, then `mailing.t` (the app, with `call`) and `mailing.smtp` inside tests.
 */
export function useMailingTestApp() {
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  const t = useApiTest(async () => {
    smtp = await startSmtp();
    return { smtpUrl: smtp.url };
  });
  afterAll(() => smtp?.close());
  return {
    t,
    get smtp() {
      if (!smtp) throw new Error('useMailingTestApp: the mail server is started in beforeAll');
      return smtp;
    },
  };
}
