import type { SettingSwitch } from '../../../src/domain/schemas/settings';
import { commandResolver } from '../../sync/command-resolver';
import * as service from './service';

/** A switch mutation of part 2 §7: `id` plus one boolean, run as its command (exactly once, DESIGN.md §5.2). */
const setSwitch =
  <K extends SettingSwitch>(key: K) =>
  (w: Parameters<typeof service.updateSwitch>[0], input: { id: string } & Record<K, boolean>) =>
    service.updateSwitch(w, input.id, key, input[key]);

export const settingsResolvers = {
  Mutation: {
    updateSalon: commandResolver('salon.update', (w, input) => service.updateSalon(w, input)),
    updateSalonArchiveSettings: commandResolver('salon.updateArchiveSettings', setSwitch('enableArchive')),
    updateSalonReportSettings: commandResolver('salon.updateReportSettings', setSwitch('reportByType')),
    updateSalonClientPhoneSettings: commandResolver('salon.updateClientPhoneSettings', setSwitch('hideClientPhone')),
    updateSalonMasterLoginSettings: commandResolver('salon.updateMasterLoginSettings', setSwitch('masterPanelLogin')),
    archiveSelectedAppointments: commandResolver('salon.archiveAppointments', (w, input) => service.archiveSelectedAppointments(w, input)),
  },
};
