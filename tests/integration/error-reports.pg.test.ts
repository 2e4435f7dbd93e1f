import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_CONFIG_PATH } from '../../src/domain/rules/error-report-config';
import { uniqueSuffix } from '../factories/accounts';
import { salonWithOwner } from '../factories/salon';
import { startFakeIngest, type FakeIngest } from '../fakes/error-ingest';
import { refused } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, startTestServer, useTestServer, type TestServer } from '../helpers/server';

const ADD = `mutation AddAdmin($input: AddAdministratorInput!) { addAdministrator(input: $input) { id } }`;

/**
 * Error reports of the server (issue 60 item 5) through Sentry's Node SDK to a local fake of its ingest: an
 * unexpected error is reported once, with its operation and kind and nothing personal; a refusal is not.
 */
describe.each(backends(import.meta.url))('error reports on %s', (backend) => {
  let ingest: FakeIngest;
  let t: TestServer;
  beforeAll(async () => {
    ingest = await startFakeIngest();
    t = await startTestServer(backend, { ...ROOMY_LIMITS, errorReports: { dsn: ingest.dsn, environment: 'test', release: 'r1' } });
  });
  afterAll(async () => {
    await t.stop();
    await ingest.stop();
  });

  it('an unexpected error goes to Sentry as its kind and operation, without the input, the SQL or the token', async () => {
    const f = await salonWithOwner(t, 0);
    // A database rule the application does not know of makes the insert fail as an unexpected error.
    await t.db.execute(sql.raw(`alter table users add constraint users_no_boom check (first_name <> 'Boom')`));
    try {
      const email = `boom-${uniqueSuffix()}@example.test`;
      const phone = '+37126777888';
      const before = ingest.events.length;
      const input = { salonId: f.salonId, firstName: 'Boom', lastName: 'Secret', email, phone, password: 'a-password-123' };
      refused(await t.gql(ADD, { input }, f.owner.token), { code: 'INTERNAL_SERVER_ERROR' });
      // A refusal of the same operation is the caller's answer, not an error to report.
      refused(await t.gql(ADD, { input: { ...input, firstName: 'Anna', email: 'not-an-email' } }, f.owner.token), {
        reason: 'VALIDATION_FAILED',
      });
      expect(await t.app.errorReports.flush(5000)).toBe(true);
      const sent = ingest.events.slice(before);
      expect(sent).toHaveLength(1);
      const [report] = sent;
      expect(report).toMatchObject({ project: '1', sdk: 'sentry.javascript.node', type: 'event' });
      expect(report!.event).toMatchObject({
        environment: 'test',
        release: 'r1',
        tags: { operation: 'mutation AddAdmin.addAdministrator', phase: 'execution' },
      });
      const [exception] = (report!.event.exception as { values: { type: string; value: string; stacktrace?: unknown }[] }).values;
      expect(exception).toMatchObject({ type: 'ServerError' });
      expect(exception!.value).toMatch(/sqlstate=23514 constraint=users_no_boom/);
      expect(exception!.stacktrace).toBeDefined();
      for (const secret of [email, phone, 'Secret', 'a-password-123', 'insert into', 'Failing row', f.owner.token, '"infer_ip":"auto"'])
        expect(report!.raw).not.toContain(secret);
    } finally {
      await t.db.execute(sql.raw('alter table users drop constraint users_no_boom'));
    }
  });

  it("tells the browser its DSN, and lets the page reach the DSN's origin (CSP connect-src)", async () => {
    const answer = await fetch(`${t.url}${CLIENT_CONFIG_PATH}`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ errorReports: { dsn: ingest.dsn, environment: 'test', release: 'r1' } });
    expect(answer.headers.get('content-security-policy')).toMatch(new RegExp(`connect-src 'self' [^;]*${ingest.url}`));
  });
});

describe('error reports without a DSN', () => {
  const t = useTestServer('pglite', ROOMY_LIMITS);
  it('the browser is told to report nothing, and the policy names no other origin', async () => {
    const answer = await fetch(`${t.url}${CLIENT_CONFIG_PATH}`);
    expect(await answer.json()).toEqual({ errorReports: null });
    expect(answer.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.stripe.com;");
    expect(t.app.errorReports.describe()).toBe('off');
  });

  it('a DSN that is not one turns reports off and tells the browser nothing', async () => {
    const wrong = await startTestServer('pglite', { ...ROOMY_LIMITS, errorReports: { dsn: 'sentry.example.com/1' } });
    try {
      expect(wrong.app.errorReports.describe()).toBe('invalid');
      expect(await (await fetch(`${wrong.url}${CLIENT_CONFIG_PATH}`)).json()).toEqual({ errorReports: null });
    } finally {
      await wrong.stop();
    }
  });
});
