import { and, desc, eq } from 'drizzle-orm';
import { isAdministrator } from '../../../src/domain/roles';
import { CLIENT_MESSAGES_LIMIT, clientMessagesQuerySchema } from '../../../src/domain/schemas/client-messages';
import { appointments, clientMessages } from '../../db/schema';
import { requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { wallTime } from '../../sync/rows';

/**
 * clientMessages (issue 57 item 6): the messages of one appointment or one client of the salon, newest due first,
 * with their channel, times and status, and the appointment's time (the client's history lists several). What was
 * sent and to which address is not part of it. The salon's administrators only: masters do not see client messages.
 */
export async function listClientMessages(ctx: Context, args: unknown) {
  const input = parseInput(clientMessagesQuerySchema, args);
  const viewer = await requireViewerOfSalon(ctx, input.salon);
  if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_SEE_CLIENT_MESSAGES');
  const which = input.appointment ? eq(clientMessages.appointmentId, input.appointment) : eq(clientMessages.clientId, input.client ?? '');
  const rows = await ctx.app.database.db
    .select({ message: clientMessages, appointmentStartAt: appointments.startAt })
    .from(clientMessages)
    .leftJoin(appointments, and(eq(appointments.id, clientMessages.appointmentId), eq(appointments.salonId, clientMessages.salonId)))
    .where(and(eq(clientMessages.salonId, viewer.salon.id), which))
    .orderBy(desc(clientMessages.dueAt), desc(clientMessages.id))
    .limit(CLIENT_MESSAGES_LIMIT);
  return rows.map(({ message: m, appointmentStartAt }) => ({
    id: m.id,
    appointment: m.appointmentId,
    appointmentStartAt: appointmentStartAt === null ? null : wallTime(appointmentStartAt),
    kind: m.kind,
    channel: m.channel,
    status: m.status,
    reason: m.reason,
    dueAt: m.dueAt.getTime(),
    sentAt: m.sentAt?.getTime() ?? null,
    deliveredAt: m.deliveredAt?.getTime() ?? null,
  }));
}
