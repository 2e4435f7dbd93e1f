import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the sink received over real SMTP, with the parts a test needs decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** Decoded text/plain body ('' when the message has none). */
  text: string;
  /** Decoded text/html body ('' when the message has none). */
  html: string;
  /** http(s) links found in the text body, in order. */
  links: string[];
  /** Decoded text/calendar part, an attached .ics ('' when the message has none). */
  calendar: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** The URL to give the server as `smtpUrl`. */
  url: string;
  messages: ReceivedMail[];
  /** Messages addressed to `email` (envelope recipient), oldest first. */
  to(email: string): ReceivedMail[];
  /** The newest message to `email`; throws when there is none, so a missing mail fails the test. */
  last(email: string): ReceivedMail;
  clear(): void;
  /** Stops the sink (idempotent); later mail to it fails with a connection error. */
  close(): Promise<void>;
}

/**
 * A local SMTP server that keeps every message in memory. No TLS (STARTTLS is not offered, so
 * nodemailer talks plain SMTP) and no AUTH. A message is stored before the server answers 250 to
 * DATA, so it is in `messages` by the time the sending mutation has returned.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ ...parseMessage(raw), from, to, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (email) => messages.filter((m) => m.to.includes(email.toLowerCase())),
    last(email) {
      const found = messages.filter((m) => m.to.includes(email.toLowerCase()));
      const mail = found[found.length - 1];
      if (!mail) throw new Error(`no mail to ${email}; received for: ${messages.map((m) => m.to.join(',')).join('; ') || 'nobody'}`);
      return mail;
    },
    clear: () => void messages.splice(0, messages.length),
    close() {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return closing;
    },
  };
}

/* ---------- minimal MIME reading: enough for nodemailer's text + html messages ---------- */

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string, name: string): string | null {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1] ?? null;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? param(type, 'boundary') : null;
  if (!boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections.filter((s) => !s.startsWith('--')).flatMap((s) => leaves(splitPart(s.replace(/^\n/, ''))));
}

export function parseMessage(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html' | 'links' | 'calendar'> {
  const root = splitPart(raw);
  const parts = leaves(root);
  const ofType = (type: string) => parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type));
  const textPart = ofType('text/plain');
  const htmlPart = ofType('text/html');
  const calendarPart = ofType('text/calendar');
  const text = textPart ? decodeBody(textPart) : '';
  return {
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text,
    html: htmlPart ? decodeBody(htmlPart) : '',
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    calendar: calendarPart ? decodeBody(calendarPart) : '',
  };
}
