import type { SettingSwitch } from '../../../src/domain/schemas/settings';
import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** A switch mutation of part 2 §7: `id` plus one boolean, run as its command (exactly once, DESIGN.md §5.2). */
const setSwitch =
  <K extends SettingSwitch>(key: K) =>
  (w: Parameters<typeof service.updateSwitch>[0], input: { id: string } & Record<K, boolean>) =>
    service.updateSwitch(w, input.id, key, input[key]);

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const settingsCommands = {
  'salon.update': (w, input) => service.updateSalon(w, input),
  'salon.updateArchiveSettings': setSwitch('enableArchive'),
  'salon.updateReportSettings': setSwitch('reportByType'),
  'salon.updateClientPhoneSettings': setSwitch('hideClientPhone'),
  'salon.updateMasterLoginSettings': setSwitch('masterPanelLogin'),
  'salon.updateMasterEditSettings': setSwitch('mastersEditOthers'),
  'salon.archiveAppointments': (w, input) => service.archiveSelectedAppointments(w, input),
  'salon.updateClientMessages': (w, input) => service.updateClientMessages(w, input),
  'salon.updateMessageTemplate': (w, input) => service.updateMessageTemplate(w, input),
} satisfies Partial<CommandServices>;
