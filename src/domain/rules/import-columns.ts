/**
 * Which of our fields each column of an imported file holds (issue 58 item 1): matched by the header's name as
 * Fresha, Booksy, Timely, a spreadsheet or our own export (in en, lv or ru) write it; the owner may change any
 * match before importing. A field is matched to at most one column, the first that names it.
 */
export const IMPORT_KINDS = ['clients', 'services', 'products'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_FIELDS = {
  clients: ['firstName', 'lastName', 'fullName', 'phone', 'email', 'birthday', 'gender', 'notes'],
  services: ['group', 'name', 'duration', 'price'],
  products: ['name', 'code', 'manufacturer', 'price', 'stock'],
} as const satisfies Record<ImportKind, readonly string[]>;
export type ImportField<K extends ImportKind = ImportKind> = (typeof IMPORT_FIELDS)[K][number];

/** A column's field, or null for a column left out. */
export type ColumnMatch = ImportField | null;

/** Header names per field, as `normalizeHeader` leaves them. */
const NAMES: Record<ImportKind, Record<string, readonly string[]>> = {
  clients: {
    firstName: ['first name', 'firstname', 'given name', 'first', 'client first name', 'customer first name', 'vards', 'имя'],
    lastName: ['last name', 'lastname', 'surname', 'family name', 'last', 'client last name', 'customer last name', 'uzvards', 'фамилия'],
    fullName: [
      'name',
      'full name',
      'client',
      'client name',
      'customer',
      'customer name',
      'vards uzvards',
      'klients',
      'klienta vards',
      'фио',
      'имя фамилия',
      'клиент',
      'полное имя',
    ],
    phone: [
      'phone',
      'mobile',
      'mobile number',
      'mobile phone',
      'phone number',
      'telephone',
      'tel',
      'cell',
      'talrunis',
      'telefons',
      'mobilais',
      'mobilais talrunis',
      'телефон',
      'мобильный',
      'мобильный телефон',
      'тел',
    ],
    email: ['email', 'e mail', 'email address', 'mail', 'e pasts', 'epasts', 'эл почта', 'электронная почта', 'почта', 'email адрес'],
    birthday: [
      'birthday',
      'date of birth',
      'dob',
      'birth date',
      'birthdate',
      'dzimsanas diena',
      'dzimsanas datums',
      'дата рождения',
      'день рождения',
    ],
    gender: ['gender', 'sex', 'dzimums', 'пол'],
    notes: [
      'notes',
      'note',
      'comment',
      'comments',
      'client notes',
      'piezimes',
      'komentars',
      'komentari',
      'заметки',
      'примечание',
      'комментарий',
    ],
  },
  services: {
    group: ['group', 'category', 'service group', 'service category', 'grupa', 'kategorija', 'группа', 'категория'],
    name: ['name', 'service', 'service name', 'pakalpojums', 'nosaukums', 'услуга', 'название'],
    duration: [
      'duration',
      'duration min',
      'duration minutes',
      'minutes',
      'time',
      'ilgums',
      'ilgums min',
      'длительность',
      'длительность мин',
      'время',
    ],
    price: ['price', 'cost', 'amount', 'retail price', 'cena', 'цена', 'стоимость'],
  },
  products: {
    name: ['name', 'product', 'product name', 'prece', 'nosaukums', 'товар', 'название'],
    code: ['code', 'sku', 'barcode', 'product code', 'kods', 'svitrkods', 'код', 'артикул', 'штрихкод'],
    manufacturer: ['manufacturer', 'brand', 'vendor', 'razotajs', 'zimols', 'производитель', 'бренд'],
    price: ['price', 'retail price', 'sale price', 'cena', 'цена'],
    stock: [
      'stock',
      'quantity',
      'qty',
      'in stock',
      'stock quantity',
      'daudzums',
      'atlikums',
      'noliktava',
      'количество',
      'остаток',
      'на складе',
    ],
  },
};

/** Latin letters without their marks ('Vārds' → 'Vards'); other scripts as written (Cyrillic 'й' stays). */
export const withoutLatinMarks = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/([A-Za-z])[\u0300-\u036f]+/g, '$1')
    .normalize('NFC');

/** A header as it is compared: lower case, Latin letters without their marks, any run of other signs one space. */
export function normalizeHeader(header: string): string {
  return withoutLatinMarks(header)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The field each header names, each field once. */
export function matchColumns(kind: ImportKind, headers: readonly string[]): ColumnMatch[] {
  const names = NAMES[kind];
  const taken = new Set<string>();
  return headers.map((header) => {
    const name = normalizeHeader(header);
    const field = (IMPORT_FIELDS[kind] as readonly string[]).find((f) => !taken.has(f) && names[f]?.includes(name));
    if (!field) return null;
    taken.add(field);
    return field as ImportField;
  });
}

/** The fields a kind's import needs one column for (a client's name may be one full-name column instead). */
export function missingFields(kind: ImportKind, matches: readonly ColumnMatch[]): ImportField[] {
  const has = (f: string) => matches.includes(f as ImportField);
  if (kind === 'clients') return has('firstName') || has('fullName') ? [] : ['firstName'];
  return (['name', ...(kind === 'services' ? ['duration', 'price'] : ['price'])] as ImportField[]).filter((f) => !has(f));
}
