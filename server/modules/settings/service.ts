import { and, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Actor } from '../../../src/domain/commands/appointments';
import {
  checkArchiveSelectedAppointments,
  checkUpdateClientMessages,
  checkUpdateMessageTemplate,
  checkUpdateSalon,
  checkUpdateSwitch,
} from '../../../src/domain/commands/settings';
import type { ServerErrorShape } from '../../../src/domain/errors';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import { withTemplate } from '../../../src/domain/rules/message-templates';
import {
  switchValue,
  type archiveSelectedAppointmentsSchema,
  type SettingSwitch,
  type updateSalonClientMessagesSchema,
  type updateSalonMessageTemplateSchema,
  type updateSalonSchema,
} from '../../../src/domain/schemas/settings';
import { accessChanged } from '../../auth/access-change';
import { appointments, clients, salons } from '../../db/schema';
import { fromShape } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { currentSalon } from '../appointments/checks';
import { salonView } from '../salons/views';

/**
 * General settings (part 2 §2, §4, §5, §7). Administrators and sysadmins of the session's salon change them;
 * masters never (part 2 §6). The archive switch is the owner's (docs/decisions/013). The rules are the shared
 * checks of src/domain/commands/settings.ts, run on what this reads after `w.rev()` locked the salon.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type SalonDbRow = typeof salons.$inferSelect;

/** The caller as the shared checks take it. */
const actorOf = (w: Writer): Actor => ({ role: w.viewer.role, isOwner: w.viewer.isOwner, salonId: w.salonId });
const check = (broken: ServerErrorShape | null) => {
  if (broken) throw fromShape(broken);
};

/** The salon row, locked by the rev bump the caller made first (so two settings writes never interleave). */
async function lockedSalon(w: Writer): Promise<SalonDbRow> {
  const [row] = await w.tx.select().from(salons).where(eq(salons.id, w.salonId));
  if (!row) throw new Error(`salon ${w.salonId} not found`);
  return row;
}

async function save(w: Writer, values: Partial<Pick<SalonDbRow, 'name' | 'address' | 'settings'>>, rev: number) {
  // rowRev: pull sends the salon row when it changed (server/sync/pull-sources.ts).
  const [row] = await w.tx
    .update(salons)
    .set({ ...values, rowRev: rev })
    .where(eq(salons.id, w.salonId))
    .returning();
  return salonView(row as SalonDbRow);
}

/** updateSalon: name, address and the schedule (start, end, step, format). */
export async function updateSalon(w: Writer, input: In<typeof updateSalonSchema>) {
  const rev = await w.rev();
  const current = await lockedSalon(w);
  const [taken] = await w.tx
    .select({ id: salons.id })
    .from(salons)
    .where(and(eq(sql`lower(${salons.name})`, input.name.toLowerCase()), isNull(salons.deletedAt), ne(salons.id, w.salonId)))
    .limit(1);
  check(checkUpdateSalon(input, actorOf(w), { settings: current.settings as SalonSettings, nameTaken: Boolean(taken) }));
  const settings = { ...current.settings, schedule: { ...input.settings.schedule } };
  return save(w, { name: input.name, address: input.address, settings }, rev);
}

/**
 * One of the switches. hideClientPhone changes what pull sends masters (server/sync/rows.ts clientRow):
 * every live client of the salon gets this write's rev, so every mirror pulls its clients again, with the
 * phones now shown or hidden (docs/decisions/009, 013).
 */
export async function updateSwitch(w: Writer, id: string, key: SettingSwitch, value: boolean) {
  const rev = await w.rev();
  const current = await lockedSalon(w);
  check(checkUpdateSwitch(key, { id }, actorOf(w), { settings: current.settings as SalonSettings }));
  const settings = current.settings;
  if (switchValue(settings, key) === value) return salonView(current);
  // Masters' login switched: every stream of the salon checks its access (masters' end when it goes off).
  if (key === 'masterPanelLogin') w.emit(accessChanged({ salon: w.salonId }));
  if (key === 'hideClientPhone') {
    await w.tx
      .update(clients)
      .set({ rev })
      .where(and(eq(clients.salonId, w.salonId), isNull(clients.deletedAt)));
  }
  return save(w, { settings: { ...settings, [key]: value } }, rev);
}

/** updateSalonClientMessages (issue 57): the salon's Client messages settings, whole. */
export async function updateClientMessages(w: Writer, input: In<typeof updateSalonClientMessagesSchema>) {
  const rev = await w.rev();
  const current = await lockedSalon(w);
  check(checkUpdateClientMessages(input, actorOf(w), { settings: current.settings as SalonSettings, smsConfigured: w.sms }));
  return save(w, { settings: { ...current.settings, clientMessages: { ...input.clientMessages } } }, rev);
}

/** updateSalonMessageTemplate (decision 080): one kind's text in one language, or back to the default. */
export async function updateMessageTemplate(w: Writer, input: In<typeof updateSalonMessageTemplateSchema>) {
  const rev = await w.rev();
  const current = await lockedSalon(w);
  check(checkUpdateMessageTemplate(input, actorOf(w), { settings: current.settings as SalonSettings }));
  return save(w, { settings: withTemplate(current.settings as SalonSettings, input) }, rev);
}

/**
 * archiveSelectedAppointments ('Delete appointments', part 2 §4): archives every live appointment from 00:00 of
 * fromDate to 23:59 of toDate; toDate is at most the salon's today. Paid ones too, hence the paid-archive right.
 */
export async function archiveSelectedAppointments(w: Writer, input: In<typeof archiveSelectedAppointmentsSchema>) {
  const rev = await w.rev();
  check(checkArchiveSelectedAppointments(input, actorOf(w), { salon: await currentSalon(w) }));
  const done = await w.tx
    .update(appointments)
    .set({ archived: true, archivedAt: new Date(), rev })
    .where(
      and(
        eq(appointments.salonId, w.salonId),
        isNull(appointments.deletedAt),
        eq(appointments.archived, false),
        gte(appointments.startAt, `${input.fromDate} 00:00`),
        lte(appointments.startAt, `${input.toDate} 23:59`),
      ),
    )
    .returning({ id: appointments.id });
  return { salonId: w.salonId, archived: done.length };
}
