import { switchValue } from '../../../src/domain/schemas/settings';
import type { SalonSettings } from '../../db/schema';

/** The salon's settings as the API shows them: a switch absent in salons made before it has its default. */
export const settingsResolvers = {
  SalonSettings: {
    mastersEditOthers: (settings: SalonSettings) => switchValue(settings, 'mastersEditOthers'),
  },
};
