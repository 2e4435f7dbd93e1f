import { nameIn } from '../../../src/domain/rules/names';

const name = (row: { nameVariants: Record<string, string> }, { lang }: { lang?: string | null }) => nameIn(row.nameVariants, lang ?? 'lv');

export const serviceResolvers = {
  ServiceGroup: { name },
  Service: { name },
};
