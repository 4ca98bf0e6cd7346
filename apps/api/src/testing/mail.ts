/**
 * A real SMTP server inside the test process (smtp-server) and what it received, parsed
 * (mailparser). The app sends through nodemailer exactly as in production. It refuses every recipient
 * at `REFUSED_DOMAIN` as a real server refuses an unknown mailbox (550), for the failure paths.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  url: string;
  messages: ParsedMail[];
  /** The newest message to `to`, waiting up to `timeoutMs` for it to arrive. */
  waitFor(to: string, opts?: { subject?: RegExp; timeoutMs?: number }): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** Mail to this domain is refused by the test SMTP servers (this one and the browser tests'). */
export const REFUSED_DOMAIN = 'refused.test';
export const REFUSED_REPLY = 'Mailbox unavailable';

export async function startInbox(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`)) return callback();
      callback(Object.assign(new Error(REFUSED_REPLY), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const recipients = (m: ParsedMail) =>
    [m.to].flat().flatMap((a) => (a ? a.value.map((v) => v.address?.toLowerCase()) : []));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
      while (Date.now() < deadline) {
        const found = messages
          .filter((m) => recipients(m).includes(to.toLowerCase()))
          .filter((m) => !opts.subject || opts.subject.test(m.subject ?? ''))
          .at(-1);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} arrived`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's HTML that contains `path`. */
export function linkIn(mail: ParsedMail, path: string): URL {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const href = [...html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!.replaceAll('&amp;', '&'))
    .find((h) => h.includes(path));
  if (!href) throw new Error(`no link to ${path} in mail "${mail.subject}"`);
  return new URL(href);
}
