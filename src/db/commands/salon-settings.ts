import { refuse } from '../../domain/command-refusal';
import type { CommandName } from '../../domain/commands/catalogue';
import { refusal } from '../../domain/refusals';
import { archiveRangeProblem, canArchiveHistory, canChangeArchiveSetting } from '../../domain/rules/salon-settings';
import type { SalonSettings } from '../../domain/rules/salon-defaults';
import {
  archiveSelectedAppointmentsSchema, updateSalonArchiveSettingsSchema, updateSalonClientPhoneSettingsSchema,
  updateSalonMasterLoginSettingsSchema, updateSalonReportSettingsSchema, updateSalonSchema,
  type ArchiveSelectedAppointmentsInput, type SettingSwitch, type UpdateSalonInput,
} from '../../domain/schemas/salon-settings';
import type { SalonRow } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext, type CommandDefinition } from './registry';
import { parseOrRefuse } from './validate';
import type * as v from 'valibot';
import { isAdministrator } from '../../domain/roles';

/**
 * General settings commands (part 2 §2, §4, §7). Refused later by the server (a salon name taken meanwhile,
 * the owner's rights gone), the re-base puts the server's salon row back and the settings form reopens from
 * the conflicts list with the spec's message.
 */
const forbidden = () => refuse(refusal('forbidden'));

async function salonOf(tx: CommandTx, ctx: CommandContext, id: string): Promise<SalonRow> {
  if (!isAdministrator(ctx) || id !== ctx.salonId) forbidden();
  const salon = await tx.get('salons', id);
  // The mirror has the session's salon after the first pull; without it there is nothing to change locally.
  if (!salon) return refuse(refusal('salonNotExists'));
  return salon;
}

export const updateSalon = defineCommand<WithContext<UpdateSalonInput>>({
  name: 'salon.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateSalonSchema, args.input);
    await salonOf(tx, args.ctx, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateSalonSchema, args.input);
    const salon = await tx.get('salons', input.id);
    if (!salon) return;
    await tx.put('salons', { ...salon, name: input.name, address: input.address, settings: { ...salon.settings, schedule: { ...input.settings.schedule } } });
  },
});

/** One command per switch, as the spec has one mutation per switch (part 2 §7). */
function switchCommand<K extends SettingSwitch>(name: CommandName, key: K, schema: v.GenericSchema, mayChange: (ctx: CommandContext) => boolean) {
  type Input = { id: string } & Record<K, boolean>;
  return defineCommand<WithContext<Input>>({
    name,
    async validate(tx, args) {
      const input = parseOrRefuse(schema, args.input) as Input;
      await salonOf(tx, args.ctx, input.id);
      if (!mayChange(args.ctx)) forbidden();
    },
    async apply(tx, args) {
      const input = parseOrRefuse(schema, args.input) as Input;
      const salon = await tx.get('salons', input.id);
      if (!salon) return;
      const settings: SalonSettings = { ...salon.settings, [key]: input[key] };
      await tx.put('salons', { ...salon, settings });
    },
  });
}

export const updateArchiveSettings = switchCommand('salon.updateArchiveSettings', 'enableArchive', updateSalonArchiveSettingsSchema, canChangeArchiveSetting);
export const updateReportSettings = switchCommand('salon.updateReportSettings', 'reportByType', updateSalonReportSettingsSchema, isAdministrator);
export const updateClientPhoneSettings = switchCommand('salon.updateClientPhoneSettings', 'hideClientPhone', updateSalonClientPhoneSettingsSchema, isAdministrator);
export const updateMasterLoginSettings = switchCommand('salon.updateMasterLoginSettings', 'masterPanelLogin', updateSalonMasterLoginSettingsSchema, isAdministrator);

/** A switch's input: the salon id and that switch's new value. */
export type SwitchInput = { id: string } & Partial<Record<SettingSwitch, boolean>>;

export const SWITCH_COMMANDS = {
  enableArchive: updateArchiveSettings,
  reportByType: updateReportSettings,
  hideClientPhone: updateClientPhoneSettings,
  masterPanelLogin: updateMasterLoginSettings,
} as unknown as Record<SettingSwitch, CommandDefinition<WithContext<SwitchInput>>>;

/**
 * 'Delete appointments' (archiveSelectedAppointments, part 2 §4): archives every live appointment of the range,
 * from 00:00 of the first day to 23:59 of the last. Refused later by the server, the appointments come back
 * unarchived with the next re-base.
 */
export const archiveSelectedAppointments = defineCommand<WithContext<ArchiveSelectedAppointmentsInput>>({
  name: 'salon.archiveAppointments',
  async validate(tx, args) {
    const input = parseOrRefuse(archiveSelectedAppointmentsSchema, args.input);
    const salon = await salonOf(tx, args.ctx, input.salon);
    if (!canArchiveHistory(args.ctx, salon.settings)) forbidden();
    const problem = archiveRangeProblem(input.fromDate, input.toDate, args.ctx.today);
    if (problem) refuse(refusal('badArchiveRange', { messageId: problem }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(archiveSelectedAppointmentsSchema, args.input);
    const inRange = await tx
      .table('appointments')
      .where('[salonId+startAt]')
      .between([input.salon, `${input.fromDate} 00:00`], [input.salon, `${input.toDate} 23:59`], true, true)
      .filter((a) => !a.archived)
      .toArray();
    for (const a of inRange) await tx.put('appointments', { ...a, archived: true });
  },
});
