import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { APIRequestContext, Page } from '@playwright/test';
import { print } from 'graphql';
import * as Docs from '../../../src/api/generated';
import { DEFAULT_PHONE_PREFIX } from '../../../src/domain/schemas/phone';
import { sessionOf, type AuthLike } from '../../../src/ui/session/session-of';
import { solveCaptcha } from '../../helpers/captcha';
import { graphql } from './api';
import type { NewOwner } from './users';

type Loose = Record<string, unknown>;

/** Sends one of the app's own documents (src/api/documents), as the app's request does; a refusal throws. */
async function call<T, V>(
  request: APIRequestContext,
  document: TypedDocumentNode<T, V> | string,
  variables: V,
  token?: string,
): Promise<T> {
  const query = typeof document === 'string' ? document : print(document);
  const body = await graphql<{ data: T | null; errors?: unknown[] }>(request, query, token, variables as Loose);
  if (!body.data || body.errors) throw new Error(`GraphQL refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * What the Register dialog sends (part 1 §2): the sign-up with a solved captcha, then the new salon's setup in the
 * landing page's language and the owner as its first master. Returns the sign-up's answer.
 */
export async function signUpThroughApi(request: APIRequestContext, owner: NewOwner): Promise<AuthLike> {
  const { captchaChallenge } = await call<{ captchaChallenge: string }, Loose>(request, '{ captchaChallenge }', {});
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
    lang: 'en' as const,
  };
  const { signupAdministrator: auth } = await call(request, Docs.SignupAdministratorDocument, { input });
  const salon = auth.salon.id;
  await call(request, Docs.SetupNewSalonDocument, { input: { salon, lang: 'en' } }, auth.token);
  await call(request, Docs.SetOwnerAsMasterDocument, { input: { salon, user: auth.user.id } }, auth.token);
  return auth;
}

/** What the Login dialog sends (part 1 §3); returns the server's answer. */
export async function logInThroughApi(request: APIRequestContext, username: string, password: string): Promise<AuthLike> {
  const { login } = await call(request, Docs.LoginDocument, { input: { username, password, role: 'ADMIN' } });
  return login;
}

/**
 * Writes `auth` as the page's signed-in session, where the app keeps it (IndexedDB 'salon-panel-session' version 10,
 * store 'session' keyed by 'key'; src/db/session.ts) as the app's `signIn` builds it: the next navigation opens the
 * app signed in, as it does on a device that signed in before. A new page first opens a blank page of the app's
 * origin; a page already there (signed out) writes in place.
 */
export async function storeSession(page: Page, auth: AuthLike): Promise<void> {
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
