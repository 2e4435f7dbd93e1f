import { randomBytes } from 'node:crypto';
import { newId } from '../../src/domain/ids';
import { hashPassword } from '../../server/auth/password';
import { users } from '../../server/db/schema';
import { solveCaptcha } from '../helpers/captcha';
import { ok, type GqlResult, type Loose } from '../helpers/graphql';
import { CAPTCHA_CHALLENGE, DEMO_PASSWORD, LOGIN, SIGNUP } from '../helpers/operations';
import type { TestServer } from '../helpers/server';

type Gql = Pick<TestServer, 'gql'>;

export const uniqueSuffix = () => randomBytes(4).toString('hex');

export interface SignupFields {
  salonName: string;
  salonAddress: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  password: string;
  promoCode: string;
  lang: 'en' | 'lv' | 'ru';
}

/** Valid sign-up fields with a unique salon name and e-mail. */
export function signupFields(overrides: Partial<SignupFields> = {}): SignupFields {
  const suffix = uniqueSuffix();
  return {
    salonName: `Salon ${suffix}`,
    salonAddress: `Brīvības iela ${suffix}, Rīga`,
    firstName: 'Anna',
    lastName: 'Bērziņa',
    email: `owner-${suffix}@example.test`,
    phone: '+37126123456',
    password: 'correct-horse-1',
    promoCode: '',
    lang: 'en',
    ...overrides,
  };
}

/** A fresh solved captcha payload from the server's own challenge. */
export async function captchaFor(t: Gql): Promise<string> {
  const challenge = ok(await t.gql<{ captchaChallenge: string }>(CAPTCHA_CHALLENGE)).captchaChallenge;
  return solveCaptcha(challenge);
}

/** Calls signupAdministrator; `captcha` defaults to a freshly solved one. */
export async function signUp(
  t: Gql,
  overrides: Partial<SignupFields> & { captcha?: string } = {},
): Promise<{ result: GqlResult; fields: SignupFields }> {
  const { captcha, ...rest } = overrides;
  const fields = signupFields(rest);
  const result = await t.gql(SIGNUP, { input: { ...fields, captcha: captcha ?? (await captchaFor(t)) } });
  return { result, fields };
}

export interface Owner {
  token: string;
  userId: string;
  salonId: string;
  email: string;
  password: string;
  fields: SignupFields;
  payload: Loose;
}

/** Signs up a new salon owner and returns the session and ids. */
export async function signUpOwner(t: Gql, overrides: Partial<SignupFields> = {}): Promise<Owner> {
  const { result, fields } = await signUp(t, overrides);
  const payload = ok(result).signupAdministrator;
  return {
    token: payload.token,
    userId: payload.user.id,
    salonId: payload.salon.id,
    email: fields.email,
    password: fields.password,
    fields,
    payload,
  };
}

/** Logs in and returns the login payload (fails the test when the login is refused). */
export async function logIn(t: Gql, username: string, password = DEMO_PASSWORD): Promise<Loose> {
  return ok(await t.gql(LOGIN, { input: { username, password } })).login;
}

export interface UserFields {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  isSysadmin: boolean;
  isSupplier: boolean;
}

/**
 * A user account written directly (people who signed up elsewhere: clients, suppliers, sysadmins). Without
 * `password` it has no usable login; with one it can log in (argon2 is slow, so only when needed).
 */
export async function addUser(t: Pick<TestServer, 'db'>, overrides: Partial<UserFields> & { password?: string } = {}): Promise<UserFields> {
  const { password, ...rest } = overrides;
  const suffix = uniqueSuffix();
  const fields: UserFields = {
    id: newId(),
    email: `person-${suffix}@example.test`,
    firstName: 'Līga',
    lastName: 'Ozola',
    phone: null,
    gender: 'FEMALE',
    isSysadmin: false,
    isSupplier: false,
    ...rest,
  };
  const passwordHash = password ? await hashPassword(password) : 'no-login';
  await t.db.insert(users).values({ ...fields, passwordHash, emailVerified: true });
  return fields;
}
