import { nameIn } from '../../../src/domain/rules/names';
import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

export const cabinetResolvers = {
  Cabinet: {
    /** The name in the asked language, else in any language the salon gave. */
    name: (c: { nameVariants: Record<string, string> }, { lang }: { lang?: string | null }) => nameIn(c.nameVariants, lang ?? 'lv'),
  },
  Mutation: {
    createCabinet: commandResolver('cabinet.create', (w, input) => service.createCabinet(w, input)),
    updateCabinet: commandResolver('cabinet.update', (w, input) => service.updateCabinet(w, input)),
    deleteCabinet: commandResolver('cabinet.delete', (w, input) => service.deleteCabinet(w, input)),
  },
};
