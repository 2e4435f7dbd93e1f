import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../factories/accounts';
import { salonWithOwner } from '../factories/salon';
import { refused } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const ADD = `mutation AddAdmin($input: AddAdministratorInput!) { addAdministrator(input: $input) { id } }`;

/**
 * No secrets or personal data in the server log (DESIGN.md §7, issue 16 item 2): a failed SQL statement is
 * logged as its operation, SQLSTATE and a request id, never its parameters (a password hash, an e-mail, a
 * phone (the dev mailbox's log line: server/mail/mailer.test.ts).
 */
describe.each(backends(import.meta.url))('server log on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);

  it('a failed SQL statement is logged without its parameters', async () => {
    const f = await salonWithOwner(t, 0);
    // A database rule the application does not know of makes the insert fail as an unexpected error.
    await t.db.execute(sql.raw(`alter table users add constraint users_no_boom check (first_name <> 'Boom')`));
    try {
      const email = `boom-${uniqueSuffix()}@example.test`;
      const phone = '+37126777888';
      const before = t.logs.length;
      const answer = await t.gql(
        ADD,
        { input: { salonId: f.salonId, firstName: 'Boom', lastName: 'Secret', email, phone, password: 'a-password-123' } },
        f.owner.token,
      );
      refused(answer, { code: 'INTERNAL_SERVER_ERROR' });
      const lines = t.logs.slice(before);
      const text = lines.join('\n');
      expect(lines.filter((l) => l.startsWith('[error]'))).toHaveLength(1);
      expect(text).toMatch(
        /^\[error\] mutation AddAdmin\.addAdministrator request=[0-9a-f]{12} phase=execution .*sqlstate=23514 constraint=users_no_boom/m,
      );
      for (const secret of [email, phone, '$argon2', 'Secret', 'a-password-123', 'insert into', f.owner.token])
        expect(text).not.toContain(secret);
    } finally {
      await t.db.execute(sql.raw('alter table users drop constraint users_no_boom'));
    }
  });
});

describe("server log of a caller's own mistakes", () => {
  const t = useTestServer('pglite', ROOMY_LIMITS);
  it('a variable of the wrong type is answered, not logged as an error (issue 56)', async () => {
    const before = t.logs.length;
    const login = `mutation L($input: LoginInput!) { login(input: $input) { token } }`;
    for (const input of [5, 'x', { username: 5, password: [] }, null]) {
      const answer = await t.gql(login, { input });
      expect(answer.errors?.[0]?.message).toMatch(/Variable "\$input"/);
    }
    expect(t.logs.slice(before).filter((l) => l.includes('[error]'))).toEqual([]);
  });
});
