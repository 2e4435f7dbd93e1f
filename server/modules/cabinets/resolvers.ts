import { nameIn } from '../../../src/domain/rules/names';

export const cabinetResolvers = {
  Cabinet: {
    /** The name in the asked language, else in any language the salon gave. */
    name: (c: { nameVariants: Record<string, string> }, { lang }: { lang?: string | null }) => nameIn(c.nameVariants, lang ?? 'lv'),
  },
};
