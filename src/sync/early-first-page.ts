import type { Session } from '../db/session';
import { PULL_PAGE_SIZE, requestPullPage } from './pull-request';
import type { PullPage } from './transport';

/** The salon's first page (cursor 0), asked for before the mirror was opened. */
export type EarlyFirstPage = Promise<PullPage>;

/** The user and salon asked for at the last sign-in, and their page until the sync takes it. */
let asked: { key: string; page: EarlyFirstPage } | null = null;

const keyOf = (session: Session) => (session.salon ? `${session.id}:${session.salon}` : null);

/**
 * A first sync's first page, asked for at sign-in (decision 063): while the sync's code loads, the mirror database
 * is created and the first screen renders, the server is already answering. `signIn` asks when it signs in from
 * signed out, but not after a 401 in the same page (the mirror kept, DESIGN.md §5.3); after a 401 with a reload in
 * between, the page goes unused: the pull takes it only from nothing (pull.ts). `request` is the server's (a test's fake).
 */
export function askFirstPage(session: Session, request: typeof requestPullPage = requestPullPage): void {
  const key = keyOf(session);
  if (!session.salon || !key) return;
  const page = request(session.salon, 0, PULL_PAGE_SIZE);
  // A failure is the pull's to report when it takes the page; one never taken is not an unhandled rejection.
  page.catch(() => undefined);
  asked = { key, page };
}

/** The page asked for at sign-in for this user and salon, for the sync's first pull; null if none. Taken once. */
export function takeFirstPage(session: Session): EarlyFirstPage | null {
  const page = asked && asked.key === keyOf(session) ? asked.page : null;
  asked = null;
  return page;
}
