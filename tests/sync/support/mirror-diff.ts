import { isDeepStrictEqual } from 'node:util';
import type { SalonDb } from '../../../src/db/salon-db';
import { ENTITY_NAMES } from '../../../src/domain/entities';
import type { TestServer } from '../../helpers/server';
import { pullAll } from '../../helpers/sync';

/**
 * The entities whose mirror table in `db` differs from what a fresh pull of the server gives `token`
 * (empty: the mirror equals the server). The counting twin of expectEqualToServer, for runs that tally.
 */
export async function mirrorDiffs(t: Pick<TestServer, 'gql'>, token: string, salonId: string, db: SalonDb): Promise<string[]> {
  const server = await pullAll(t, token, salonId);
  const differing: string[] = [];
  for (const entity of ENTITY_NAMES) {
    const local = (await db.mirror(entity).toArray()).sort((a, b) => a.id.localeCompare(b.id));
    const remote = [...server.mirror.entries()]
      .filter(([k]) => k.startsWith(`${entity}:`))
      .map(([, v]) => v)
      .sort((a, b) => a.id.localeCompare(b.id));
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(local)), JSON.parse(JSON.stringify(remote)))) differing.push(entity);
  }
  return differing;
}
