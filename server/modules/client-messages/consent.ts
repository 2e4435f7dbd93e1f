import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { App } from '../../app';
import { bumpRev } from '../../db/rev';
import { clientMessages, clients } from '../../db/schema';
import type { SalonEvent } from '../../pubsub';
import { messagesChanged } from './changed';

/**
 * A client says they want no more messages (issue 57 item 4): an unsubscribe link, or "STOP" by SMS. Each client
 * row matched gets `message_consent` off with a new rev (so every device's mirror and the client dialog learn it),
 * and its messages not yet sent are cancelled (NO_CONSENT). How many clients it turned off.
 */
export async function withdrawConsent(app: App, which: { clientId: string } | { phone: string }): Promise<number> {
  const match: SQL | undefined = 'clientId' in which ? eq(clients.id, which.clientId) : eq(clients.phone, which.phone);
  const events: SalonEvent[] = [];
  await app.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: clients.id, salonId: clients.salonId })
      .from(clients)
      .where(and(match, eq(clients.messageConsent, true), isNull(clients.deletedAt)))
      .orderBy(clients.salonId, clients.id);
    for (const row of rows) {
      const rev = await bumpRev(tx, row.salonId);
      await tx.update(clients).set({ messageConsent: false, rev }).where(eq(clients.id, row.id));
      events.push({ topic: 'salonChanged', salon: row.salonId, payload: { salon: row.salonId, rev } });
    }
    if (rows.length > 0) {
      const cancelled = await tx
        .update(clientMessages)
        .set({ status: 'CANCELLED', reason: 'NO_CONSENT' })
        .where(
          and(
            inArray(
              clientMessages.clientId,
              rows.map((r) => r.id),
            ),
            eq(clientMessages.status, 'SCHEDULED'),
          ),
        )
        .returning();
      events.push(...messagesChanged(cancelled));
      await app.pubsub.stage(tx, events);
    }
  });
  app.pubsub.deliver(events);
  return events.filter((e) => e.topic === 'salonChanged').length;
}
