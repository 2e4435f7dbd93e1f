import { randomBytes } from 'node:crypto';
import type { App } from '../app';
import { findViewer, type Viewer } from '../auth/viewer';
import type { StreamSocket } from '../sync/live-access';
import { forbidden, unauthenticated } from './errors';

export type { Viewer };

export interface Context {
  app: App;
  token: string | null;
  /** Caller address, for rate limiting. */
  address: string;
  /** Names this operation in the log (server/graphql/error-log.ts). */
  requestId: string;
  /** The WebSocket an operation came over (null over HTTP): closed when the caller's access ends. */
  socket: StreamSocket | null;
  /** The signed-in viewer, resolved once per operation; null when not signed in or without access. */
  viewer(): Promise<Viewer | null>;
  /** Over HTTP: the request's cookies and a way to set one on the answer (login's device cookie); null over a socket. */
  http: HttpCookies | null;
}

export interface HttpCookies {
  /** The Cookie header, as sent. */
  cookies: string | null;
  /** Adds a Set-Cookie value to the answer (server/graphql/set-cookies.ts). */
  setCookie(value: string): void;
  /** The caller reached us over HTTPS (directly, or through a trusted proxy): cookies get Secure. */
  secure: boolean;
}

export function createContext(
  app: App,
  token: string | null,
  address: string,
  socket: StreamSocket | null = null,
  http: HttpCookies | null = null,
): Context {
  let cached: Promise<Viewer | null> | null = null;
  return {
    app,
    token,
    address,
    requestId: randomBytes(6).toString('hex'),
    socket,
    http,
    viewer() {
      cached ??= (async () => {
        if (!token) return null;
        return findViewer(app.database.db, token);
      })();
      return cached;
    },
  };
}

/** Bearer token from an Authorization header value. */
export function bearer(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export async function requireViewer(ctx: Context): Promise<Viewer> {
  const viewer = await ctx.viewer();
  if (!viewer) throw unauthenticated();
  return viewer;
}

/** A sysadmin, in a salon or not (part 2 §6): every other role is refused with `reason`. */
export async function requireSysadmin(ctx: Context, reason: string): Promise<Viewer> {
  const viewer = await requireViewer(ctx);
  if (viewer.role !== 'SYSADMIN') throw forbidden(reason);
  return viewer;
}

export type SalonViewer = Viewer & { salon: NonNullable<Viewer['salon']> };

/** A viewer working inside a salon (any salon role), with the salon loaded. */
export async function requireSalonViewer(ctx: Context): Promise<SalonViewer> {
  const viewer = await requireViewer(ctx);
  if (!viewer.salon) throw forbidden('NO_SALON');
  return viewer as SalonViewer;
}

/**
 * A viewer of exactly `salonId` (the session's salon): tenant isolation for every salon-scoped operation.
 * Salon A's session never reads or writes salon B, even for a sysadmin (he switches salon first).
 */
export async function requireViewerOfSalon(ctx: Context, salonId: unknown): Promise<SalonViewer> {
  const viewer = await requireSalonViewer(ctx);
  if (viewer.salon.id !== salonId) throw forbidden('NOT_THE_SESSION_SALON');
  return viewer;
}
