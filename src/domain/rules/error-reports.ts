/**
 * What an error report may carry (issue 60 item 5; part 1 §8, part 2 §8): where the error happened and what kind
 * it is, never who it happened to. The browser and the server scrub every event with these rules before it
 * leaves: no e-mail address, phone number, token or query string in any text, no user, no request's cookies,
 * headers, body or query, no breadcrumbs (they hold the addresses visited and the texts clicked).
 */

const EMAIL = /[^\s@"'<>()[\]{},;:/]+@[^\s@"'<>()[\]{},;:/]+\.[a-z]{2,}/gi;
/** A phone number: 7 or more digits, maybe after a +, in groups split by spaces, dots, dashes or brackets. */
const PHONE = /\+?\(?\d(?:[\s.()-]{0,2}\d){6,}/g;
/** A day (YYYY-MM-DD) is not a phone number: it stays, the digits after it are looked at on their own. */
const DAY_FIRST = /^(\d{4}-\d{2}-\d{2})(.*)$/s;
const phones = (text: string): string =>
  text.replace(PHONE, (match) => {
    const day = DAY_FIRST.exec(match);
    return day ? `${day[1]}${phones(day[2] ?? '')}` : '[phone]';
  });
/** A link's secret part: the path segment after a route that carries one (password links, masters' links). */
const LINK_TOKEN = /\/(change-password|verify-email|master|unsubscribe|book|files)\/[^/?#\s"']+/gi;
/** A bare token (our session and link tokens are 43 characters of base64url); hex ids (ours, Sentry's event ids) stay. */
const TOKEN = /[A-Za-z0-9_-]{32,}/g;
const HEX = /^[0-9a-f]+$/i;
/** A query string or fragment: its values are the user's (a search, a date, a token). */
const QUERY = /([^\s?#"']*)[?#][^\s"']*/g;

export function scrubText(text: string): string {
  return phones(
    text
      .replace(QUERY, '$1')
      .replace(EMAIL, '[email]')
      .replace(LINK_TOKEN, '/$1/[token]')
      .replace(TOKEN, (m) => (HEX.test(m) ? m : '[token]')),
  );
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, depth + 1)]));
}

/** The parts of an event (Sentry's shape) that can only hold the user's data: dropped whole. */
const DROPPED = ['user', 'breadcrumbs', 'extra', 'server_name'] as const;

/**
 * An event as it may leave: the personal parts dropped, every remaining text scrubbed; the request keeps only its
 * address without the query. Typed loosely, so the domain needs no SDK.
 */
export function scrubEvent<E extends object>(event: E): E {
  const copy: Record<string, unknown> = { ...(event as Record<string, unknown>) };
  for (const key of DROPPED) delete copy[key];
  const request = copy.request as { url?: unknown } | undefined;
  if (request) copy.request = typeof request.url === 'string' ? { url: scrubText(request.url) } : undefined;
  return scrubValue(copy, 0) as E;
}

/** The SDKs' data collection (Sentry's `dataCollection` option): none, so the ingest infers no IP address either. */
export const NO_DATA = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
};
