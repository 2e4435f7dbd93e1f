import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('dev mailbox', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('writes the message to a file and logs where, never to whom or the link with its token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailbox-'));
    dirs.push(dir);
    const lines: string[] = [];
    const mailer = createMailer({ mailboxDir: dir, log: (line) => lines.push(line) });
    const link = 'http://localhost:4000/change-password/SECRET-TOKEN-123';
    await mailer.send({
      to: 'anna@example.test',
      subject: 'Reset your password',
      text: `Open ${link}`,
      html: `<a href="${link}">Open</a>`,
    });
    const [file] = readdirSync(dir);
    expect(file).toMatch(/\.eml$/);
    expect(readFileSync(join(dir, file as string), 'utf8')).toContain('SECRET-TOKEN-123');
    expect(lines).toEqual([`[mail] "Reset your password" written to ${join(dir, file as string)}`]);
    expect(lines.join('\n')).not.toMatch(/anna|SECRET-TOKEN/);
  });
});
