import type { EntityName, EntityRows } from '../../domain/entities';
import type { SalonDb } from '../salon-db';

/**
 * What a command may do to the mirror, inside the command's Dexie transaction. Every write records the
 * row as touched and, the first time a pending command changes it, keeps its confirmed copy in `base`
 * so later server data can be re-based under the pending commands (DESIGN.md §5.5).
 */
export class CommandTx {
  readonly touched = new Set<string>();

  constructor(readonly db: SalonDb) {}

  get<E extends EntityName>(entity: E, id: string): Promise<EntityRows[E] | undefined> {
    return this.db.mirror(entity).get(id) as Promise<EntityRows[E] | undefined>;
  }

  table<E extends EntityName>(entity: E) {
    return this.db.mirror(entity);
  }

  /**
   * The write is requested right after keepBase's reads, without waiting for them: requests of one
   * transaction run in the order they are made, so the reads still see the row as it was, and the write
   * (and its local echo) does not wait for their round trip.
   */
  async put<E extends EntityName>(entity: E, row: EntityRows[E]): Promise<void> {
    const based = this.keepBase(entity, row.id);
    await Promise.all([based, this.db.mirror(entity).put(row as never)]);
  }

  async delete(entity: EntityName, id: string): Promise<void> {
    const based = this.keepBase(entity, id);
    await Promise.all([based, this.db.mirror(entity).delete(id)]);
  }

  /** Requests its reads before it returns (before its first await), so they come before the caller's write. */
  private async keepBase(entity: EntityName, id: string): Promise<void> {
    const key = `${entity}:${id}`;
    this.touched.add(key);
    const [kept, current] = await Promise.all([this.db.base.get(key), this.db.mirror(entity).get(id)]);
    if (kept) return;
    await this.db.base.put({ key, entity, id, row: current ?? null });
  }
}
