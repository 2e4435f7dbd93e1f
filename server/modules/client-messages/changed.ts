import type { App } from '../../app';
import type { SalonEvent } from '../../pubsub';

/** A message row as far as who must hear of its change. */
export interface ChangedMessage {
  salonId: string;
  appointmentId: string;
  clientId: string | null;
}

/** The clientMessagesChanged events of changed message rows (issue 57 item 6): one per appointment. */
export function messagesChanged(rows: readonly ChangedMessage[]): SalonEvent[] {
  const seen = new Map<string, SalonEvent>();
  for (const row of rows) {
    seen.set(row.appointmentId, {
      topic: 'clientMessagesChanged',
      salon: row.salonId,
      payload: { appointment: row.appointmentId, client: row.clientId },
    });
  }
  return [...seen.values()];
}

/**
 * Tells every instance's screens that a message changed outside any writing transaction (a send, a delivery
 * report). A lost event only leaves a list stale until it is read again: it is logged, never fails the send.
 */
export async function announceMessages(app: App, rows: readonly ChangedMessage[]): Promise<void> {
  for (const event of messagesChanged(rows)) {
    await app.pubsub.publish(event).catch((error: unknown) => app.log(`[messages] an update was not announced: ${(error as Error).name}`));
  }
}
