import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { compareClientNames, keyMatcher, searchKey, summarizeClients } from '../../domain/rules/client-search';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { clientDialogs } from './client-dialogs';
import { useSalonClients } from '../salon/use-clients';
import { EmptyUnlessFirstSync } from '../sync/empty-unless-first-sync';
import { reopenStore, useReopened } from '../sync/reopen-store';
import { readAreaState, writeAreaState } from '../area-state';
import { useDebounced } from '../use-debounced';
import { ClientsTable } from './clients-table';

const route = getRouteApi('/salon/clients');

/** Search waits for typing to pause (part 1 §9). */
export const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_KEY = 'clients.search';

/** A no-break space: an empty counter as tall as a full one. */
const BLANK = '\u00a0';

/**
 * Clients page (part 1 §2): counters Males, Females, Total; search over name, phone and notes; Add Client;
 * the list. Everything reads the mirror, so it works offline and counts change the moment a command runs.
 */
export function ClientsPage() {
  const t = useT();
  const { language } = useLanguage();
  const { q } = route.useSearch();
  const navigate = route.useNavigate();
  // The address wins; coming back through the menu (no ?q=) restores the text kept for this area.
  const [typed, setTyped] = useState(() => q || readAreaState(SEARCH_KEY) || '');
  const search = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const clients = useSalonClients();
  const reopened = useReopened('client');

  useEffect(() => {
    writeAreaState(SEARCH_KEY, search);
    if (search !== q) void navigate({ search: { q: search }, replace: true });
  }, [search, q, navigate]);

  // A refused offline change comes back to its form (DESIGN.md §5.4).
  useEffect(() => {
    if (!reopened) return;
    reopenStore.set(null);
    const values = reopened.values as Record<string, unknown> & { clientId?: string | null };
    const { clientId, ...formValues } = values;
    const common = { values: formValues as never, refusal: reopened.error, conflictId: reopened.conflictId };
    if (reopened.kind === 'client.edit' && clientId) clientDialogs.open({ kind: 'view', clientId, tab: 'personalInformation', ...common });
    else clientDialogs.open({ kind: 'new', ...common });
  }, [reopened]);

  // No counts until the mirror is read: zeros would say for a moment that the salon has no clients. A blank keeps
  // the counters' height, so the page does not move when the counts come.
  const summary = useMemo(() => (clients ? summarizeClients(clients) : null), [clients]);
  // Sorted and folded once per change of the mirror; a search then only filters.
  const keys = useMemo(() => [...(clients ?? [])].sort(compareClientNames(language)).map(searchKey), [clients, language]);
  const rows = useMemo(() => {
    const match = keyMatcher(search);
    return keys.filter(match).map((k) => k.item);
  }, [keys, search]);

  return (
    <section className="page page-fill">
      <div className="page-header">
        <h1 className="page-title">{t('screen.clients')}</h1>
        <dl className="counters" aria-label={t('clients.summary')}>
          <div className="counter">
            <dt>{t('clients.males')}</dt>
            <dd data-testid="count-males">{summary?.males ?? BLANK}</dd>
          </div>
          <div className="counter">
            <dt>{t('clients.females')}</dt>
            <dd data-testid="count-females">{summary?.females ?? BLANK}</dd>
          </div>
          <div className="counter">
            <dt>{t('clients.total')}</dt>
            <dd data-testid="count-total">{summary?.total ?? BLANK}</dd>
          </div>
        </dl>
      </div>
      <div className="toolbar">
        <SearchField className="search-field" value={typed} onChange={setTyped}>
          <Label className="visually-hidden">{t('clients.search')}</Label>
          <Input className="field-input" placeholder={t('clients.search')} />
        </SearchField>
        <Button variant="primary" onPress={() => clientDialogs.open({ kind: 'new' })}>
          {t('clients.add')}
        </Button>
      </div>
      {clients === undefined ? <p className="muted">{t('app.loading')}</p> : null}
      {clients && clients.length === 0 ? (
        <EmptyUnlessFirstSync>
          <p className="empty">{t('clients.empty')}</p>
        </EmptyUnlessFirstSync>
      ) : null}
      {clients && clients.length > 0 && rows.length === 0 ? <p className="empty">{t('clients.noMatch')}</p> : null}
      {rows.length > 0 ? <ClientsTable key={search} rows={rows} /> : null}
    </section>
  );
}
