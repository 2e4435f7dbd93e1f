import { describe, expect, it } from 'vitest';
import { logIn, signUpOwner } from '../factories/accounts';
import { ok, refused } from '../helpers/graphql';
import { DEMO, GET_SALON_LIST } from '../helpers/operations';
import { backends, useTestServer } from '../helpers/server';

describe.each(backends(import.meta.url))('getSalonList on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, rateLimits: { loginFailures: 10, perAddress: 1000, windowSeconds: 60 } });

  it('lists every salon with its owner and number of masters, for a sysadmin', async () => {
    const other = await signUpOwner(t);
    const { token } = await logIn(t, DEMO.sysadmin);
    const list = ok(await t.gql(GET_SALON_LIST, {}, token)).getSalonList as Array<{
      id: string;
      name: string;
      masterCount: number;
      administrator: { email: string };
    }>;
    expect(list.find((s) => s.name === 'Demo salon')).toMatchObject({ masterCount: 3, administrator: { email: DEMO.owner } });
    // A signed-up salon: three default masters plus the owner.
    expect(list.find((s) => s.id === other.salonId)).toMatchObject({ masterCount: 4 });
  });

  it.each([DEMO.owner, DEMO.master, DEMO.supplier])('refuses %s (Forbidden)', async (username) => {
    const { token } = await logIn(t, username);
    refused(await t.gql(GET_SALON_LIST, {}, token), { code: 'Forbidden' });
  });

  it('refuses a caller without a session (Unauthenticated)', async () => {
    refused(await t.gql(GET_SALON_LIST, {}, null), { code: 'Unauthenticated' });
  });
});
