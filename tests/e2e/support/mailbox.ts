import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir } from './ports';

/**
 * The server's dev mailbox (this worker's DATA_DIR, ports.ts; no SMTP): every mail is an
 * .eml file named "<ISO time>-<random>.eml" whose text part carries the link (the name says nothing of the
 * recipient: the server logs it).
 */
export const MAILBOX_DIR = fileURLToPath(new URL(`../../../${dataDir()}/mailbox/`, import.meta.url));

/** Body of a MIME part, decoded from quoted-printable or base64 (nodemailer soft-wraps long links). */
function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
      if (hex) {
        bytes.push(parseInt(hex[0], 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The plain-text part of an .eml file (the whole body when it is not multipart). */
export function plainText(eml: string): string {
  const parts = eml.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (/content-type:\s*text\/plain/i.test(headers)) return decodePart(headers, part.slice(split).trim());
  }
  const split = eml.search(/\r?\n\r?\n/);
  return decodePart(eml.slice(0, split), eml.slice(split).trim());
}

/** The recipient of an .eml file, from its To header. */
const recipientOf = (eml: string): string =>
  /^to:\s*(.+)$/im
    .exec(eml.slice(0, eml.search(/\r?\n\r?\n/)))?.[1]
    ?.trim()
    .toLowerCase() ?? '';

/** Texts of the mails to `recipient`, newest first (the ISO time prefix sorts oldest → newest). */
function mailsFor(recipient: string): string[] {
  let names: string[];
  try {
    names = readdirSync(MAILBOX_DIR);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.eml'))
    .sort()
    .reverse()
    .map((n) => readFileSync(join(MAILBOX_DIR, n), 'utf8'))
    .filter((eml) => recipientOf(eml) === recipient.toLowerCase());
}

/** Where the links of our mails point. */
export type MailLinkPath = '/verify-email/' | '/change-password/' | '/unsubscribe/' | '/book/manage/';
/** Path (and query) of the first link in the newest mail to `recipient` that points under `pathPrefix`, or null. */
export function newestMailLink(recipient: string, pathPrefix: MailLinkPath): string | null {
  for (const eml of mailsFor(recipient)) {
    const text = plainText(eml);
    for (const match of text.matchAll(/https?:\/\/\S+/g)) {
      const url = new URL(match[0]);
      if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
    }
  }
  return null;
}

/** Waits for the mail to arrive and returns its link as a path (relative to the test server). */
export async function waitForMailLink(recipient: string, pathPrefix: MailLinkPath): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(() => (link = newestMailLink(recipient, pathPrefix)), { message: `a mail to ${recipient} with a ${pathPrefix} link` })
    .not.toBeNull();
  return link as unknown as string;
}

/** Waits for a mail to `recipient` whose text holds `words`; its plain text. */
export async function waitForMailWith(recipient: string, words: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () =>
        (found = mailsFor(recipient)
          .map(plainText)
          .find((text) => text.includes(words))),
      {
        message: `a mail to ${recipient} saying "${words}"`,
        timeout: 20_000,
      },
    )
    .toBeDefined();
  return found as unknown as string;
}
