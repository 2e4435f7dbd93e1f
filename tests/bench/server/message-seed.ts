import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import type { JobQueue } from '../../../server/jobs/queue';
import { CLIENT_MESSAGE_QUEUE, type ClientMessageJob } from '../../../server/modules/client-messages/schedule';
import { seedSalons } from './salons';

/** Where one seeded message goes: its row's id and the address or phone the fakes will see it at. */
export interface SeededMessage {
  id: string;
  channel: 'EMAIL' | 'SMS';
  to: string;
}

const hex = (prefix: string, expr: string) => sql.raw(`rpad('${prefix}' || lpad(to_hex(${expr}), 8, '0'), 24, '0')`);

/**
 * `count` reminders (half by e-mail, half by SMS) all due at `dueAt`, for `salons` salons: each client (an e-mail and a
 * phone of their own) has one appointment tomorrow and its two reminders, written as the booking's transaction writes
 * them (rows of client_messages and their jobs), with set-based SQL and the queue's own insert.
 */
export async function seedReminders(
  database: Database,
  jobs: JobQueue,
  options: { salons: number; count: number; dueAt: Date },
): Promise<SeededMessage[]> {
  const clients = Math.ceil(options.count / 2);
  await seedSalons(database, options.salons, 0);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const range = sql.raw(`generate_series(0, ${clients - 1}) c`);
  const salon = hex('b', `c % ${options.salons}`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into clients (id, salon_id, first_name, last_name, email, phone, rev)
      select ${hex('7', 'c')}, ${salon}, 'Client', c::text, 'client' || c || '@messages.test', '+3712' || lpad(c::text, 7, '0'), 1
      from ${range}`);
    // Each salon's clients spread over its first master's day, 5 minutes apart from 08:00.
    await tx.execute(sql`insert into appointments (id, salon_id, master_id, client_id, service_id, author_role, start_at, end_at, duration, rev)
      select ${hex('8', 'c')}, ${salon}, ${hex('f', `(c % ${options.salons}) * 5`)}, ${hex('7', 'c')}, ${hex('e', `c % ${options.salons}`)}, 'ADMIN',
        ${tomorrow}::timestamp + interval '8 hours' + (c / ${options.salons}) * interval '5 minutes',
        ${tomorrow}::timestamp + interval '8 hours 5 minutes' + (c / ${options.salons}) * interval '5 minutes', 5, 1
      from ${range}`);
    await tx.execute(sql`insert into client_messages (id, salon_id, appointment_id, client_id, kind, channel, due_at)
      select ${hex('9', `c * 2 + ch`)}, ${salon}, ${hex('8', 'c')}, ${hex('7', 'c')}, 'REMINDER', case ch when 0 then 'EMAIL' else 'SMS' end,
        ${options.dueAt.toISOString()}::timestamptz
      from ${range}, generate_series(0, 1) ch`);
  });
  const rows = (
    await database.executeSql(
      `select m.id, m.channel, case m.channel when 'EMAIL' then c.email else c.phone end as "to"
     from client_messages m join clients c on c.id = m.client_id order by m.id`,
      [],
    )
  ).rows as unknown as SeededMessage[];
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    await database.db.transaction((tx) =>
      jobs.sendManyIn<ClientMessageJob>(
        tx,
        CLIENT_MESSAGE_QUEUE,
        chunk.map((m) => ({ data: { messageId: m.id }, startAfter: options.dueAt })),
      ),
    );
  }
  return rows;
}

/** How the messages' rows stand: a count per status. */
export async function statusCounts(database: Database): Promise<Record<string, number>> {
  const rows = (await database.executeSql(`select status, count(*)::int as n from client_messages group by status`, [])).rows as Array<{
    status: string;
    n: number;
  }>;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
