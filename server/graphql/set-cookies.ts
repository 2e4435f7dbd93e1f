import type { Plugin } from 'graphql-yoga';

/**
 * Cookies a resolver sets (the device cookie of a login, server/auth/device-cookie.ts), added to the answer of
 * their request: the context is made per request and keeps its list here, keyed by the request.
 */
export function createSetCookies() {
  const pending = new WeakMap<Request, string[]>();
  return {
    /** The setter a request's context hands its resolvers. */
    forRequest(request: Request): (value: string) => void {
      return (value) => {
        const list = pending.get(request) ?? [];
        list.push(value);
        pending.set(request, list);
      };
    },
    plugin(): Plugin {
      return {
        onResponse({ request, response }) {
          for (const value of pending.get(request) ?? []) response.headers.append('set-cookie', value);
          pending.delete(request);
        },
      };
    },
  };
}
