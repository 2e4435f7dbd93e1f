import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, Docs, request, signingOutWith } from '../../src/api';
import { configureApi } from '../../src/api/config';
import { logIn } from '../factories/accounts';
import { DEMO } from '../helpers/operations';
import { useTestServer } from '../helpers/server';

/**
 * A refused token asks to sign in again (src/main.tsx) only when it is the session's current token: not one
 * the app is signing out with (a sync request in flight during Sign Out), nor an earlier session's.
 */
describe('the API client on a refused token', () => {
  const t = useTestServer('pglite', { seedDemo: true });
  let token: string | null = null;
  let asked = 0;
  beforeAll(() => {
    configureApi({ baseUrl: t.url, getToken: () => token, getRole: () => 'ADMIN', onUnauthenticated: () => void asked++ });
  });
  /** A fresh demo login whose token the server then revokes; the client still holds it. */
  const revoked = async (): Promise<string> => {
    const fresh = (await logIn(t, DEMO.owner)).token as string;
    token = fresh;
    await request(Docs.LogoutDocument, { input: {} });
    return fresh;
  };
  const salons = () =>
    request(Docs.GetSalonsDocument, {}).then(
      () => 'answered',
      (e: ApiError) => e.error.code,
    );

  it('the current token refused: asks to sign in again, once per refusal', async () => {
    await revoked();
    asked = 0;
    expect(await salons()).toBe('Unauthenticated');
    expect(asked).toBe(1);
  });

  it('a token being signed out: the refusal is expected and asks nothing', async () => {
    signingOutWith(await revoked());
    asked = 0;
    expect(await salons()).toBe('Unauthenticated');
    expect(asked).toBe(0);
  });
});
