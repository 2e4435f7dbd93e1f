import { Docs, request } from '../api';
import { changesOfTables } from './pull-tables';
import { PULL_SPANS, timed, timedSync } from './timing';
import type { PullPage } from './transport';

/** Changes a pull page holds at most (DESIGN.md §5.6 and decision 061). */
export const PULL_PAGE_SIZE = 5000;

/** One pull page from the server (DESIGN.md §5.6): the changes after `cursor`, at most `limit` of them. */
export async function requestPullPage(salonId: string, cursor: number, limit: number): Promise<PullPage> {
  const { pull } = await timed(PULL_SPANS.request, () => request(Docs.PullDocument, { input: { salon: salonId, cursor, limit } }));
  const changes = timedSync(PULL_SPANS.parse, () => changesOfTables(pull.tables));
  return { changes, cursor: pull.cursor, hasMore: pull.hasMore, salonRev: pull.salonRev };
}
