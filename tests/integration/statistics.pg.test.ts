import { and, eq, isNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { masters } from '../../server/db/schema';
import { logIn, signUpOwner, uniqueSuffix } from '../factories/accounts';
import { clientInput } from '../factories/salon';
import { ok, refused } from '../helpers/graphql';
import { CREATE_CLIENT, DEMO } from '../helpers/operations';
import { backends, useTestServer } from '../helpers/server';

const STATISTICS = `query { getStatistics {
  salonSummary { total thisMonth } selfEmployedSummary { total thisMonth } masterSummary { total thisMonth }
  localClientSummary { total thisMonth } globalClientSummary { total thisMonth } monthly { month signUps salons } } }`;
const PROMO = `query P($f: [String!]) { getPromoCodeUsers(promoCodeFilter: $f) { promoCodes promoCodeUsers { id firstName lastName phone createdAt promoCode } } }`;

type Summary = { total: number; thisMonth: number };
type Stats = Record<'salonSummary' | 'selfEmployedSummary' | 'masterSummary' | 'localClientSummary' | 'globalClientSummary', Summary> & {
  monthly: Array<{ month: string; signUps: number; salons: number }>;
};

describe.each(backends(import.meta.url))('getStatistics and getPromoCodeUsers on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, rateLimits: { loginFailures: 10, perAddress: 1000, windowSeconds: 60 } });
  const read = async (token: string) => ok(await t.gql(STATISTICS, {}, token)).getStatistics as Stats;

  it('counts salons, masters, self-employed and clients from the live rows, all time and this month', async () => {
    const { token } = await logIn(t, DEMO.sysadmin);
    const before = await read(token);
    const owner = await signUpOwner(t);
    let after = await read(token);
    // A signed-up salon has three sample masters and its owner: a salon, four masters, nobody working alone.
    expect(after.salonSummary).toEqual({ total: before.salonSummary.total + 1, thisMonth: before.salonSummary.thisMonth + 1 });
    expect(after.masterSummary).toEqual({ total: before.masterSummary.total + 4, thisMonth: before.masterSummary.thisMonth + 4 });
    expect(after.selfEmployedSummary).toEqual(before.selfEmployedSummary);
    // The chart's months: twelve, oldest first, this month last with one more sign-up and one more salon.
    expect(after.monthly).toHaveLength(12);
    expect(after.monthly.map((m) => m.month)).toEqual([...after.monthly.map((m) => m.month)].sort());
    expect(after.monthly.at(-1)?.signUps).toBe((before.monthly.at(-1)?.signUps ?? 0) + 1);
    expect(after.monthly.at(-1)?.salons).toBe((before.monthly.at(-1)?.salons ?? 0) + 1);
    expect(after.monthly.at(-1)?.salons).toBe(after.salonSummary.thisMonth);

    // The sample masters deleted, the owner works alone: self-employed.
    await t.db
      .update(masters)
      .set({ deletedAt: new Date() })
      .where(and(eq(masters.salonId, owner.salonId), ne(masters.userId, owner.userId)));
    await t.db
      .update(masters)
      .set({ deletedAt: new Date() })
      .where(and(eq(masters.salonId, owner.salonId), isNull(masters.userId)));
    after = await read(token);
    expect(after.selfEmployedSummary.total).toBe(before.selfEmployedSummary.total + 1);
    expect(after.masterSummary.total).toBe(before.masterSummary.total + 1);

    ok(await t.gql(CREATE_CLIENT, { input: clientInput(owner.salonId) }, owner.token));
    const withClient = await read(token);
    expect(withClient.localClientSummary).toEqual({
      total: after.localClientSummary.total + 1,
      thisMonth: after.localClientSummary.thisMonth + 1,
    });
    expect(withClient.globalClientSummary).toEqual(after.globalClientSummary);
  });

  it('lists the accounts that signed up with a promo code, filtered by the codes chosen', async () => {
    const code = `STAT-${uniqueSuffix()}`;
    const owner = await signUpOwner(t, { promoCode: code });
    const other = await signUpOwner(t, { promoCode: `OTHER-${uniqueSuffix()}` });
    const { token } = await logIn(t, DEMO.sysadmin);
    const all = ok(await t.gql(PROMO, {}, token)).getPromoCodeUsers as {
      promoCodes: string[];
      promoCodeUsers: Array<Record<string, string>>;
    };
    expect(all.promoCodes).toContain(code);
    expect(all.promoCodeUsers.map((u) => u.id)).toEqual(expect.arrayContaining([owner.userId, other.userId]));
    const one = ok(await t.gql(PROMO, { f: [code] }, token)).getPromoCodeUsers as typeof all;
    expect(one.promoCodeUsers).toEqual([
      expect.objectContaining({ id: owner.userId, firstName: owner.fields.firstName, lastName: owner.fields.lastName, promoCode: code }),
    ]);
    expect(Number.isNaN(Date.parse(one.promoCodeUsers[0]?.createdAt ?? ''))).toBe(false);
  });

  it.each([DEMO.owner, DEMO.master, DEMO.supplier])('refuses %s (Forbidden) on both', async (username) => {
    const { token } = await logIn(t, username);
    refused(await t.gql(STATISTICS, {}, token), { code: 'Forbidden' });
    refused(await t.gql(PROMO, {}, token), { code: 'Forbidden' });
  });

  it('refuses a caller without a session (Unauthenticated)', async () => {
    refused(await t.gql(STATISTICS, {}, null), { code: 'Unauthenticated' });
  });

  it('checks the filter on the server: a code longer than 64 characters is refused', async () => {
    const { token } = await logIn(t, DEMO.sysadmin);
    refused(await t.gql(PROMO, { f: ['x'.repeat(65)] }, token), { code: 'IllegalArgument' });
  });
});
