import * as v from 'valibot';
import {
  archiveSelectedAppointmentsSchema, updateSalonArchiveSettingsSchema, updateSalonClientPhoneSettingsSchema,
  updateSalonMasterLoginSettingsSchema, updateSalonReportSettingsSchema, updateSalonSchema, type SettingSwitch,
} from '../../../src/domain/schemas/salon-settings';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

/** A switch mutation of part 2 §7: `id` plus one boolean, run as its command (exactly once, DESIGN.md §5.2). */
function switchResolver<K extends SettingSwitch>(name: string, key: K, schema: v.GenericSchema<unknown, { id: string } & Record<K, boolean>>) {
  return async (_: unknown, { input }: Args, ctx: Context) =>
    runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), name, (w) => {
      const values = parseInput(schema, input);
      return service.updateSwitch(w, values.id, key, values[key]);
    });
}

export const settingsResolvers = {
  Mutation: {
    updateSalon: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'salon.update', (w) =>
        service.updateSalon(w, parseInput(updateSalonSchema, input))),
    updateSalonArchiveSettings: switchResolver('salon.updateArchiveSettings', 'enableArchive', updateSalonArchiveSettingsSchema),
    updateSalonReportSettings: switchResolver('salon.updateReportSettings', 'reportByType', updateSalonReportSettingsSchema),
    updateSalonClientPhoneSettings: switchResolver('salon.updateClientPhoneSettings', 'hideClientPhone', updateSalonClientPhoneSettingsSchema),
    updateSalonMasterLoginSettings: switchResolver('salon.updateMasterLoginSettings', 'masterPanelLogin', updateSalonMasterLoginSettingsSchema),
    archiveSelectedAppointments: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'salon.archiveAppointments', (w) =>
        service.archiveSelectedAppointments(w, parseInput(archiveSelectedAppointmentsSchema, input))),
  },
};
