import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/**
 * The language whose name a cabinet must have (part 2 §2, §5 'default-language name required'). Latvian: the
 * product's default language (DESIGN.md §3, src/i18n/languages.ts), so the rule does not change with the
 * language of whoever edits, and every cabinet has a name in the salon's country language
 * (docs/decisions/014-cabinets-and-working-time.md).
 */
export const DEFAULT_NAME_LANGUAGE = 'lv' as const;
export const NAME_LANGUAGES = ['lv', 'en', 'ru'] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];

/** More service groups than any salon has; bounds the row. */
export const MAX_CABINET_SERVICE_GROUPS = 200;

const optionalName = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
  v.maxLength(80, 'validation.text.tooLong'),
);

/** Names per language; the default language's is required ('Enter name please'), blanks are dropped. */
export const cabinetNameVariantsSchema = v.pipe(
  v.object({
    lv: v.pipe(
      v.optional(v.nullable(v.string()), ''),
      v.transform((s) => (s ?? '').trim()),
      v.nonEmpty('cabinet.enterName'),
      v.maxLength(80, 'validation.text.tooLong'),
    ),
    en: optionalName,
    ru: optionalName,
  }),
  v.transform((n) => {
    const out: { lv: string; en?: string; ru?: string } = { lv: n.lv };
    if (n.en) out.en = n.en;
    if (n.ru) out.ru = n.ru;
    return out;
  }),
);

const serviceGroupIds = v.pipe(
  v.optional(v.array(v.string('cabinet.unknownServiceGroup'), 'cabinet.unknownServiceGroup'), []),
  v.check((ids) => ids.every((id) => ID_PATTERN.test(id)), 'cabinet.unknownServiceGroup'),
  v.transform((ids) => [...new Set(ids)]),
  v.maxLength(MAX_CABINET_SERVICE_GROUPS, 'cabinet.unknownServiceGroup'),
);

const lang = v.optional(v.nullable(v.picklist(['en', 'lv', 'ru'])), null);

/** createCabinet (part 2 §7): salon, nameVariants, serviceGroups, lang; the id is made by the client (DESIGN.md §4). */
export const createCabinetSchema = v.object({
  id: idSchema,
  salon: idSchema,
  nameVariants: cabinetNameVariantsSchema,
  serviceGroups: serviceGroupIds,
  lang,
  command: optionalCommand,
});
export type CreateCabinetInput = v.InferInput<typeof createCabinetSchema>;

/** updateCabinet: id plus the same fields. */
export const updateCabinetSchema = v.object({
  id: idSchema,
  salon: idSchema,
  nameVariants: cabinetNameVariantsSchema,
  serviceGroups: serviceGroupIds,
  lang,
  command: optionalCommand,
});
export type UpdateCabinetInput = v.InferInput<typeof updateCabinetSchema>;

export const deleteCabinetSchema = v.object({ id: idSchema, command: optionalCommand });
export type DeleteCabinetInput = v.InferInput<typeof deleteCabinetSchema>;

/** The cabinet form: one text per language and the chosen service groups. */
export const cabinetFormSchema = v.object({
  nameVariants: cabinetNameVariantsSchema,
  serviceGroups: serviceGroupIds,
});
export interface CabinetFormValues {
  nameVariants: { lv: string; en: string; ru: string };
  serviceGroups: string[];
}
export const BLANK_CABINET_FORM: CabinetFormValues = { nameVariants: { lv: '', en: '', ru: '' }, serviceGroups: [] };

/** The variant a screen in `language` shows: its own, else the first given of en, lv, ru (as nameIn does). */
function shownVariant(names: { lv?: string; en?: string; ru?: string }, language: NameLanguage): NameLanguage | null {
  if (names[language]?.trim()) return language;
  return (['en', 'lv', 'ru'] as const).find((l) => names[l]?.trim()) ?? null;
}

/**
 * Two cabinets (service groups, services) of a salon may not show the same name in any language, case and
 * spaces ignored: a name missing in a language shows another one (src/domain/rules/names.ts), so
 * { lv: 'Cabinet 1' } and { lv: 'Kabinets 2', en: 'Cabinet 1' } both read 'Cabinet 1' in English and clash
 * (issue 22 item 14, docs/decisions/041). Answers the field of `a` that shows the clashing name.
 */
export function sameNameLanguage(
  a: { lv?: string; en?: string; ru?: string },
  b: { lv?: string; en?: string; ru?: string },
): NameLanguage | null {
  const norm = (s: string | undefined) => (s ?? '').trim().toLocaleLowerCase();
  for (const language of NAME_LANGUAGES) {
    const mine = shownVariant(a, language);
    const theirs = shownVariant(b, language);
    if (mine && theirs && norm(a[mine]) === norm(b[theirs])) return mine;
  }
  return null;
}
