import { nameIn } from '../../../src/domain/rules/names';
import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

const name = (row: { nameVariants: Record<string, string> }, { lang }: { lang?: string | null }) => nameIn(row.nameVariants, lang ?? 'lv');

export const serviceResolvers = {
  ServiceGroup: { name },
  Service: { name },
  Mutation: {
    createServiceGroup: commandResolver('serviceGroup.create', (w, input) => service.createServiceGroup(w, input)),
    updateServiceGroup: commandResolver('serviceGroup.update', (w, input) => service.updateServiceGroup(w, input)),
    deleteServiceGroup: commandResolver('serviceGroup.delete', (w, input) => service.deleteServiceGroup(w, input)),
    createService: commandResolver('service.create', (w, input) => service.createService(w, input)),
    updateService: commandResolver('service.update', (w, input) => service.updateService(w, input)),
    deleteService: commandResolver('service.delete', (w, input) => service.deleteService(w, input)),
  },
};
