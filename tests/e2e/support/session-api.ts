import type { APIRequestContext, Page } from '@playwright/test';
import type { Session } from '../../../src/db/session';
import { DEFAULT_PHONE_PREFIX } from '../../../src/domain/schemas/phone';
import { solveCaptcha } from '../../helpers/captcha';
import type { NewOwner } from './users';

type Loose = Record<string, unknown>;

const SALON = `id name settings { schedule { startAt endAt step format } enableArchive hideClientPhone masterPanelLogin reportByType }`;
const SIGNUP = `mutation Signup($input: SignupAdministratorInput!) {
  signupAdministrator(input: $input) { token role isOwner user { id firstName lastName salon { ${SALON} } } salon { id } }
}`;
const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) { token role isOwner user { id firstName lastName salon { ${SALON} } } }
}`;
const SETUP = `mutation Setup($input: SetupNewSalonInput!) { setupNewSalon(input: $input) { salonId } }`;
const OWNER_AS_MASTER = `mutation OwnerMaster($input: SetOwnerAsMasterInput!) { setOwnerAsMaster(input: $input) { masterId } }`;

interface Auth {
  token: string;
  role: Session['role'];
  isOwner: boolean;
  user: { id: string; firstName: string; lastName: string; salon: { id: string; name: string; settings: Session['salonSettings'] } | null };
}

async function call<T>(request: APIRequestContext, query: string, variables: Loose, token?: string): Promise<T> {
  const response = await request.post('/graphql', {
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { query, variables },
  });
  const body = (await response.json()) as { data: T | null; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`GraphQL refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * What the Register dialog sends (part 1 §2): the sign-up with a solved captcha, then the new salon's setup in the
 * landing page's language and the owner as its first master. Returns the sign-up's answer.
 */
export async function signUpThroughApi(request: APIRequestContext, owner: NewOwner): Promise<Auth> {
  const { captchaChallenge } = await call<{ captchaChallenge: string }>(request, '{ captchaChallenge }', {});
  const input = {
    salonName: owner.salonName,
    salonAddress: owner.salonAddress,
    firstName: owner.firstName,
    lastName: owner.lastName,
    email: owner.email,
    phone: owner.phone ?? DEFAULT_PHONE_PREFIX,
    password: owner.password,
    promoCode: owner.promoCode ?? '',
    captcha: await solveCaptcha(captchaChallenge),
    lang: 'en',
  };
  const { signupAdministrator: auth } = await call<{ signupAdministrator: Auth & { salon: { id: string } } }>(request, SIGNUP, { input });
  const salon = auth.salon.id;
  await call(request, SETUP, { input: { salon, lang: 'en' } }, auth.token);
  await call(request, OWNER_AS_MASTER, { input: { salon, user: auth.user.id } }, auth.token);
  return auth;
}

/** What the Login dialog sends (part 1 §3); returns the server's answer. */
export async function logInThroughApi(request: APIRequestContext, username: string, password: string): Promise<Auth> {
  const { login } = await call<{ login: Auth }>(request, LOGIN, { input: { username, password, role: 'ADMIN' } });
  return login;
}

/** The session the app stores after a sign-up (src/ui/auth/actions.ts `signIn`); the app completes it online. */
function sessionOf(auth: Auth): Session {
  const salon = auth.user.salon;
  return {
    id: auth.user.id,
    token: auth.token,
    role: auth.role,
    isOwner: auth.isOwner,
    isMaster: auth.role === 'MASTER',
    salon: salon?.id ?? null,
    salonName: salon?.name ?? null,
    salonSettings: salon?.settings ?? null,
    firstName: auth.user.firstName,
    lastName: auth.user.lastName,
    email: null,
    phone: null,
    salons: [],
    showArchive: false,
  };
}

/**
 * Writes `auth` as the page's signed-in session, where the app keeps it (IndexedDB 'salon-panel-session' version 10,
 * store 'session' keyed by 'key'; src/db/session.ts): the next navigation opens the app signed in, as it does on a
 * device that signed in before. A new page first opens a blank page of the app's origin; a page already there (signed
 * out) writes in place.
 */
export async function storeSession(page: Page, auth: Auth): Promise<void> {
  const blank = '**/e2e-blank';
  const fresh = page.url() === 'about:blank';
  if (fresh) await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }));
  try {
    if (fresh) await page.goto('/e2e-blank');
    await page.evaluate(
      (session) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('salon-panel-session', 10);
          open.onupgradeneeded = () => open.result.createObjectStore('session', { keyPath: 'key' });
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const put = db.transaction('session', 'readwrite').objectStore('session').put({ key: 'current', session });
            put.onerror = () => reject(put.error);
            put.onsuccess = () => {
              db.close();
              resolve();
            };
          };
        }),
      sessionOf(auth),
    );
  } finally {
    if (fresh) await page.unroute(blank);
  }
}
