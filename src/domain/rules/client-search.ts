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

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase();

export function clientMatcher(query: string): (client: SearchableClient) => boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (client) => {
    const text = fold(`${client.firstName} ${client.lastName} ${client.notes}`);
    const phone = (client.phone ?? '').replace(/[^\d]/g, '');
    return words.every((word) => {
      if (text.includes(word)) return true;
      const digits = word.replace(/[^\d]/g, '');
      return digits.length > 0 && digits.length === word.replace(/^\+/, '').length && phone.includes(digits);
    });
  };
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
