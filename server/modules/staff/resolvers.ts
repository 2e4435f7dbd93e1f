import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

/** Staff (part 2 §7): addMaster, updateMaster, deleteMaster. */
export const masterResolvers = {
  Mutation: {
    addMaster: commandResolver('master.create', (w, input) => service.createMaster(w, input)),
    updateMaster: commandResolver('master.update', (w, input) => service.updateMaster(w, input)),
    deleteMaster: commandResolver('master.delete', (w, input) => service.deleteMaster(w, input)),
  },
};
