import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe of client messages). */
  headers?: Record<string, string>;
  /** Files sent along (an online booking's .ics). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up banner. */
  describe(): string;
}

const FROM = process.env.MAIL_FROM ?? 'Salon Panel <no-reply@salon-panel.local>';

/**
 * SMTP when SMTP_URL is set; otherwise a dev mailbox: each message is written as an .eml file under
 * DATA_DIR/mailbox (and the file's path printed), so reset and verification work without a mail server.
 */
export function createMailer(options: { smtpUrl?: string | null; mailboxDir?: string | null; log?: (line: string) => void }): Mailer {
  const log = options.log ?? ((line) => console.log(line));
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: FROM, ...message });
      },
      describe: () => `SMTP ${new URL(options.smtpUrl as string).host}`,
    };
  }
  const dir = options.mailboxDir ?? null;
  if (dir) mkdirSync(dir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      // The log says where the message is, never to whom or its link (the link carries a one-time token).
      if (dir) {
        const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
        // Written aside and renamed: a reader of the mailbox (a mail program, the e2e tests) never sees half a message.
        writeFileSync(`${file}.part`, info.message as Buffer);
        renameSync(`${file}.part`, file);
        log(`[mail] "${message.subject}" written to ${file}`);
      } else {
        log(`[mail] "${message.subject}" not kept (no mailbox directory)`);
      }
    },
    describe: () => (dir ? `dev mailbox ${dir}` : 'dev mailbox (log only)'),
  };
}
