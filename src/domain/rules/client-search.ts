/**
 * Client search of the Clients page (part 1 §2, §9): every word typed must appear in the name, the phone or
 * the notes, ignoring case and accents; a word of digits also matches a phone written with spaces.
 * Pure, so the page filters 20 000 mirror rows in memory without a round trip.
 */
export interface SearchableClient {
  firstName: string;
  lastName: string;
  phone: string | null;
  notes: string;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();

/** What a search compares, computed once per client (folding 20 000 names on every keystroke costs). */
export interface SearchKey<T> {
  item: T;
  text: string;
  phone: string;
}

export function searchKey<T extends SearchableClient>(client: T): SearchKey<T> {
  return {
    item: client,
    text: fold(`${client.firstName} ${client.lastName} ${client.notes}`),
    phone: (client.phone ?? '').replace(/[^\d]/g, ''),
  };
}

/** Matcher over precomputed keys; keeps the order of the list it filters. */
export function keyMatcher(query: string): (key: SearchKey<unknown>) => boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  const tests = words.map((word) => {
    const digits = word.replace(/[^\d]/g, '');
    const digitsOnly = digits.length > 0 && digits.length === word.replace(/^\+/, '').length;
    return (key: SearchKey<unknown>) => key.text.includes(word) || (digitsOnly && key.phone.includes(digits));
  });
  return (key) => tests.every((test) => test(key));
}

export function clientMatcher(query: string): (client: SearchableClient) => boolean {
  const match = keyMatcher(query);
  return (client) => match(searchKey(client));
}

/** Name order of the list: first name, then last name, in the user's language. */
export function compareClientNames(locale: string): (a: SearchableClient, b: SearchableClient) => number {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return (a, b) => collator.compare(a.firstName, b.firstName) || collator.compare(a.lastName, b.lastName);
}

export interface ClientsSummary {
  total: number;
  males: number;
  females: number;
}

/** Header counters Males, Females, Total (part 1 §2). */
export function summarizeClients(clients: readonly { gender: string | null }[]): ClientsSummary {
  let males = 0;
  let females = 0;
  for (const c of clients) {
    if (c.gender === 'MALE') males += 1;
    else if (c.gender === 'FEMALE') females += 1;
  }
  return { total: clients.length, males, females };
}
