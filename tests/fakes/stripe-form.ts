/**
 * The fake Stripe API's requests and errors: Stripe's bracket-keyed form bodies read as nested objects, and the
 * error bodies (`{ error: { type, code, message, param } }`) the SDK turns into its Stripe*Error classes.
 */

// ── Form bodies: `items[0][price]=x&metadata[salonId]=s` → { items: [{ price: 'x' }], metadata: { salonId: 's' } } ──

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][0]` → ['a', 'b', '0']; null for a key that is not of that shape. */
function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return null;
  return [match[1], ...Array.from((match[2] ?? '').matchAll(/\[([^[\]]*)\]/g), (m) => m[1] ?? '')];
}

/** Objects whose keys are all indexes become arrays, in index order. */
function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, withArrays(value[k] as FormValue)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** Stripe's bracket-keyed form fields as nested objects; numeric keys make arrays, `a[]` appends. */
export function parseForm(params: URLSearchParams): FormObject {
  const root: FormObject = {};
  for (const [key, value] of params) {
    const path = keyPath(key);
    if (!path) continue;
    let node = root;
    path.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next !== 'object' || Array.isArray(next)) node[name] = {};
      node = node[name] as FormObject;
    });
  }
  return withArrays(root) as FormObject;
}

/** A string field; undefined when absent or not a plain value. */
export const text = (form: FormObject, key: string): string | undefined => {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
};
/** A nested field (`key[...]`); undefined when absent or sent as a plain value (e.g. `key=` to clear it). */
export const child = (form: FormObject, key: string): FormObject | undefined => {
  const value = form[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
};
/** Stripe's metadata update: keys merged, an empty value deletes its key, `metadata=` clears them all. */
export function mergeMetadata(current: Record<string, string>, form: FormObject): Record<string, string> {
  if (form.metadata === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(child(form, 'metadata') ?? {})) {
    if (typeof value !== 'string') continue;
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

// ── Errors: `{ error: { type, code, message, param } }`, which the SDK turns into its Stripe*Error classes ──

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  setup_intent?: object;
}

export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}

export const invalidRequest = (message: string, param?: string, code?: string): FakeStripeError =>
  new FakeStripeError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) });
/** `No such customer: 'cus_x'` (404 for the object asked for; 400 when a parameter names it). */
export const noSuch = (label: string, id: string, param: string, status = 404): FakeStripeError =>
  new FakeStripeError(status, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${label}: '${id}'`, param });
export const cardError = (code: string, message: string, param: string, declineCode?: string): FakeStripeError =>
  new FakeStripeError(402, { type: 'card_error', code, message, param, ...(declineCode ? { decline_code: declineCode } : {}) });
