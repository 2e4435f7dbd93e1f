import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/*
 * Column helpers the schema's tables share (server/db/schema.ts and the files it re-exports).
 */

/** Binary data (bytea) as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Mirrors server/db/migrations; SQL files are the source of truth for DDL. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const wall = (name: string) => timestamp(name, { withTimezone: false, mode: 'string' });
export const rev = () => bigint('rev', { mode: 'number' }).notNull().default(0);
