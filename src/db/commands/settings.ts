import type { SwitchCommandName } from '../../domain/commands/catalogue';
import {
  checkArchiveSelectedAppointments,
  checkUpdateClientMessages,
  checkUpdateMessageTemplate,
  checkUpdateSalon,
  checkUpdateSwitch,
} from '../../domain/commands/settings';
import type { SalonSettings } from '../../domain/rules/salon-defaults';
import { withTemplate } from '../../domain/rules/message-templates';
import {
  archiveSelectedAppointmentsSchema,
  updateSalonArchiveSettingsSchema,
  updateSalonClientPhoneSettingsSchema,
  updateSalonMasterEditSettingsSchema,
  updateSalonMasterLoginSettingsSchema,
  updateSalonReportSettingsSchema,
  updateSalonClientMessagesSchema,
  updateSalonMessageTemplateSchema,
  updateSalonSchema,
  type SettingSwitch,
} from '../../domain/schemas/settings';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { actorOf, check } from './shared-check';
import { parseOrRefuse } from './validate';
import type * as v from 'valibot';

/**
 * General settings commands (part 2 §2, §4, §7). Their rules are the shared checks of
 * src/domain/commands/settings.ts, which the server runs too; here they read the mirror. Refused later by
 * the server (a salon name taken meanwhile, the owner's rights gone), the re-base puts the server's salon row
 * back and the settings form reopens from the conflicts list with the spec's message.
 */

/** The session's salon's settings in the mirror: null until the first pull brought its row. */
async function settingsOf(tx: CommandTx, ctx: CommandContext): Promise<SalonSettings | null> {
  return (await tx.get('salons', ctx.salonId))?.settings ?? null;
}

export const updateSalon = defineCommand({
  name: 'salon.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateSalonSchema, args.input);
    // Whether another salon has the name only the server knows: the mirror holds this salon alone.
    check(checkUpdateSalon(input, actorOf(args.ctx), { settings: await settingsOf(tx, args.ctx), nameTaken: false }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateSalonSchema, args.input);
    const salon = await tx.get('salons', input.id);
    if (!salon) return;
    await tx.put('salons', {
      ...salon,
      name: input.name,
      address: input.address,
      settings: { ...salon.settings, schedule: { ...input.settings.schedule } },
    });
  },
});

/** One command per switch, as the spec has one mutation per switch (part 2 §7): SWITCH_COMMANDS names them. */
function switchCommand<N extends SwitchCommandName>(name: N, key: SettingSwitch, schema: v.GenericSchema) {
  type Input = { id: string } & Partial<Record<SettingSwitch, boolean>>;
  return defineCommand<N>({
    name,
    async validate(tx, args) {
      const input = parseOrRefuse(schema, args.input) as Input;
      check(checkUpdateSwitch(key, input, actorOf(args.ctx), { settings: await settingsOf(tx, args.ctx) }));
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

export const updateArchiveSettings = switchCommand('salon.updateArchiveSettings', 'enableArchive', updateSalonArchiveSettingsSchema);
export const updateReportSettings = switchCommand('salon.updateReportSettings', 'reportByType', updateSalonReportSettingsSchema);
export const updateClientPhoneSettings = switchCommand(
  'salon.updateClientPhoneSettings',
  'hideClientPhone',
  updateSalonClientPhoneSettingsSchema,
);
export const updateMasterLoginSettings = switchCommand(
  'salon.updateMasterLoginSettings',
  'masterPanelLogin',
  updateSalonMasterLoginSettingsSchema,
);
export const updateMasterEditSettings = switchCommand(
  'salon.updateMasterEditSettings',
  'mastersEditOthers',
  updateSalonMasterEditSettingsSchema,
);

/** Admin settings → Client messages (issue 57): the salon's choice, whole, into its settings. */
export const updateClientMessages = defineCommand({
  name: 'salon.updateClientMessages',
  async validate(tx, args) {
    const input = parseOrRefuse(updateSalonClientMessagesSchema, args.input);
    // Whether the server sends SMS is the server's to check.
    check(checkUpdateClientMessages(input, actorOf(args.ctx), { settings: await settingsOf(tx, args.ctx), smsConfigured: true }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateSalonClientMessagesSchema, args.input);
    const salon = await tx.get('salons', input.id);
    if (!salon) return;
    await tx.put('salons', { ...salon, settings: { ...salon.settings, clientMessages: { ...input.clientMessages } } });
  },
});

/** Admin settings → Message texts (decision 080): one kind's text in one language, or back to the default. */
export const updateMessageTemplate = defineCommand({
  name: 'salon.updateMessageTemplate',
  async validate(tx, args) {
    const input = parseOrRefuse(updateSalonMessageTemplateSchema, args.input);
    check(checkUpdateMessageTemplate(input, actorOf(args.ctx), { settings: await settingsOf(tx, args.ctx) }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateSalonMessageTemplateSchema, args.input);
    const salon = await tx.get('salons', input.id);
    if (salon) await tx.put('salons', { ...salon, settings: withTemplate(salon.settings, input) });
  },
});

/**
 * 'Delete appointments' (archiveSelectedAppointments, part 2 §4): archives every live appointment of the range,
 * from 00:00 of the first day to 23:59 of the last. Refused later by the server, the appointments come back
 * unarchived with the next re-base.
 */
export const archiveSelectedAppointments = defineCommand({
  name: 'salon.archiveAppointments',
  async validate(tx, args) {
    const input = parseOrRefuse(archiveSelectedAppointmentsSchema, args.input);
    check(
      checkArchiveSelectedAppointments(input, actorOf(args.ctx), {
        salon: { settings: await settingsOf(tx, args.ctx), today: args.ctx.today },
      }),
    );
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
