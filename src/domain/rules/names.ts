/** Same shape as NameVariants of the synced rows. */
type NameVariants = { en?: string; lv?: string; ru?: string };

/** A name in the user's language, else in any language the salon gave (cabinets, services, groups). */
export function nameIn(variants: NameVariants | null | undefined, language: string): string {
  if (!variants) return '';
  const own = variants[language as keyof NameVariants];
  if (own) return own;
  return variants.en || variants.lv || variants.ru || '';
}
