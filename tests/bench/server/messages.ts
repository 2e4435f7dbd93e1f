import { createServer } from 'node:net';
import { openDatabase, type Database } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { createJobQueue } from '../../../server/jobs/queue';
import { buildServer, SERVER_QUEUES, type ServerOptions } from '../../../server/main';
import { CLIENT_MESSAGE_QUEUE, CLIENT_MESSAGE_RULE } from '../../../server/modules/client-messages/schedule';
import { startFakeSms, type FakeSms } from '../../fakes/sms-api';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp';
import { freshDatabase } from '../fresh-database';
import { spawnInstance, type Instance } from './spawn-instance';
import { seedReminders, statusCounts, type SeededMessage } from './message-seed';

/*
 * Client messages under load (issue 57 item 8), against the local SMTP sink and the fake SMS provider, on PostgreSQL:
 * `sendRate` has `count` reminders due in the same minute sent by one instance; `killedInstance` has two instances
 * send them and kills one (SIGKILL) a quarter of the way through. Each counts what the sink and the fake received per
 * recipient: duplicates and lost have target 0.
 */
const SALONS = 100;
const POLLING_SECONDS = 1;

/** What reached the fakes, against what was seeded. */
function receipts(seeded: SeededMessage[], sink: SmtpSink, sms: FakeSms) {
  const got = new Map<string, number>();
  for (const mail of sink.messages) for (const to of mail.to) got.set(to, (got.get(to) ?? 0) + 1);
  for (const message of sms.messages) got.set(message.to, (got.get(message.to) ?? 0) + 1);
  const received = new Set(seeded.filter((m) => (got.get(m.to) ?? 0) > 0).map((m) => m.id));
  return { received, duplicates: seeded.filter((m) => (got.get(m.to) ?? 0) > 1).length };
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const pending = (counts: Record<string, number>) => (counts.SCHEDULED ?? 0) + (counts.SENDING ?? 0);

/** Rows by status and id, to tell a message that went from one marked failed. */
async function rowsById(database: Database): Promise<Map<string, { status: string; reason: string | null }>> {
  const rows = (await database.executeSql(`select id, status, reason from client_messages`, [])).rows as Array<{
    id: string;
    status: string;
    reason: string | null;
  }>;
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Lost: a message that neither reached the fakes nor ended FAILED with its reason, or one marked sent that did not
 * arrive (target 0 each).
 */
async function outcome(database: Database, seeded: SeededMessage[], sink: SmtpSink, sms: FakeSms) {
  const { received, duplicates } = receipts(seeded, sink, sms);
  const rows = await rowsById(database);
  let lost = 0;
  let interrupted = 0;
  let interruptedButReceived = 0;
  for (const m of seeded) {
    const row = rows.get(m.id);
    const sent = row?.status === 'SENT' || row?.status === 'DELIVERED';
    if (row?.reason === 'INTERRUPTED') {
      interrupted++;
      if (received.has(m.id)) interruptedButReceived++;
    }
    if (sent ? !received.has(m.id) : !(row?.status === 'FAILED' && row.reason) && !received.has(m.id)) lost++;
  }
  return { received: received.size, duplicates, lost, interrupted, interruptedButReceived, statuses: await statusCounts(database) };
}

/** `count` reminders due at once, sent by one instance in this process. */
export async function sendRate(base: string, count: number) {
  const databaseUrl = await freshDatabase(base, 'bench_messages');
  const sink = await startSmtpSink();
  const sms = await startFakeSms();
  const built = await buildServer({
    port: 0,
    databaseUrl,
    smtpUrl: sink.url,
    sms: sms.options,
    log: () => {},
    messagePollingSeconds: POLLING_SECONDS,
  });
  const { database, jobs } = built.app;
  const dueAt = new Date();
  const seeded = await seedReminders(database, jobs!, { salons: SALONS, count, dueAt });
  const started = Date.now();
  const running = await built.start();
  try {
    const done = await until(async () => pending(await statusCounts(database)) === 0, 300_000);
    const [last] = (await database.executeSql(`select extract(epoch from max(sent_at)) * 1000 as at from client_messages`, []))
      .rows as Array<{
      at: number;
    }>;
    const seconds = +((Number(last?.at ?? Date.now()) - started) / 1000).toFixed(1);
    // The provider's delivery reports come a moment later.
    await until(async () => (await statusCounts(database)).SENT === undefined, 20_000);
    return {
      messages: count,
      instances: 1,
      finished: done,
      secondsToSendAll: seconds,
      perSecond: Math.round(count / seconds),
      ...(await outcome(database, seeded, sink, sms)),
    };
  } finally {
    await running.stop();
    await sink.close();
    await sms.stop();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * `count` reminders due at once, two instances (processes) sending them; the first is killed with SIGKILL once a
 * quarter has gone. Its jobs in flight expire (after `expireInSeconds`, shortened here from the server's 120 s) and the
 * other instance takes them: a message it had marked SENDING ends FAILED "INTERRUPTED" (it may have gone), any other
 * is sent. A load balancer's PUBLIC_URL is the surviving instance, so the provider's reports reach it.
 */
export async function killedInstance(base: string, count: number) {
  const databaseUrl = await freshDatabase(base, 'bench_messages_chaos');
  const sink = await startSmtpSink();
  const sms = await startFakeSms();
  const rule = { ...CLIENT_MESSAGE_RULE, expireInSeconds: 15 };
  const database = await openDatabase({ databaseUrl });
  await migrate(database);
  const jobs = createJobQueue(database, { ...SERVER_QUEUES, [CLIENT_MESSAGE_QUEUE]: rule }, () => {});
  await jobs.start();
  const dueAt = new Date(Date.now() + 20_000);
  const seeded = await seedReminders(database, jobs, { salons: SALONS, count, dueAt });
  const [portA, portB] = [await freePort(), await freePort()];
  const common: ServerOptions = {
    databaseUrl,
    smtpUrl: sink.url,
    sms: sms.options,
    publicUrl: `http://localhost:${portB}`,
    messagePollingSeconds: POLLING_SECONDS,
    messageRetry: { expireInSeconds: rule.expireInSeconds },
  };
  const children: Instance[] = [];
  try {
    children.push(await spawnInstance({ ...common, port: portA }), await spawnInstance({ ...common, port: portB }));
    const [killed] = children;
    await until(async () => sink.messages.length + sms.messages.length >= count / 4, 300_000);
    const sentWhenKilled = sink.messages.length + sms.messages.length;
    killed!.child.kill('SIGKILL');
    const finished = await until(async () => pending(await statusCounts(database)) === 0, 300_000);
    await until(async () => (await statusCounts(database)).SENT === undefined, 20_000);
    return { messages: count, instances: 2, killedAfter: sentWhenKilled, finished, ...(await outcome(database, seeded, sink, sms)) };
  } finally {
    for (const child of children) await child.stop();
    await jobs.stop();
    await database.close();
    await sink.close();
    await sms.stop();
  }
}
