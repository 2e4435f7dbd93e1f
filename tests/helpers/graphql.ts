import { expect } from 'vitest';

/** Results are read loosely in tests; the assertions say what shape is expected. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface ErrorExtensions {
  code?: string | null;
  reason?: string | null;
  field?: string | null;
  messageId?: string | null;
}

export interface GraphQLErrorResult {
  message: string;
  extensions?: ErrorExtensions;
}

export interface GqlResult<T = Loose> {
  data: T | null;
  errors: GraphQLErrorResult[] | undefined;
  /** HTTP status of the answer (GraphQL errors usually come with 200). */
  status: number;
  /** The answer's Set-Cookie values (login's device cookie). */
  setCookies?: string[];
}

/** POSTs one operation to `${baseUrl}/graphql`, with a bearer token and extra headers when given. */
export async function graphqlCall<T = Loose>(
  baseUrl: string,
  query: string,
  variables?: Record<string, unknown>,
  token?: string | null,
  extraHeaders: Record<string, string> = {},
): Promise<GqlResult<T>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    ...extraHeaders,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const text = await response.text();
  let body: { data?: T | null; errors?: GraphQLErrorResult[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`non-JSON answer ${response.status}: ${text.slice(0, 200)}`);
  }
  return { data: body.data ?? null, errors: body.errors, status: response.status, setCookies: response.headers.getSetCookie() };
}

/** Asserts the call succeeded and returns its data (the errors are printed when it did not). */
export function ok<T>(result: GqlResult<T>): T {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  expect(result.data).not.toBeNull();
  return result.data as T;
}

/** Asserts the call failed with exactly one error whose extensions match `expected`; returns it. */
export function refused(result: GqlResult, expected: ErrorExtensions): GraphQLErrorResult {
  expect(result.errors, `expected a refusal, got data ${JSON.stringify(result.data)}`).toBeDefined();
  expect(result.errors).toHaveLength(1);
  const error = result.errors?.[0] as GraphQLErrorResult;
  expect(error.extensions ?? {}).toMatchObject(expected);
  return error;
}
