import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

export const manufacturerResolvers = {
  Mutation: {
    addManufacturer: commandResolver('manufacturer.add', (w, input) => service.addManufacturer(w, input)),
    updateManufacturer: commandResolver('manufacturer.update', (w, input) => service.updateManufacturer(w, input)),
    deleteManufacturer: commandResolver('manufacturer.delete', (w, input) => service.deleteManufacturer(w, input)),
  },
};
