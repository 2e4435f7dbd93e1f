import type { ReactNode, Ref } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { EmptyUnlessFirstSync } from '../sync/empty-unless-first-sync';
import { Button } from '../button';
import { FormMessage } from '../form-message';
import { isAdministrator } from '../../domain/roles';

/** Whether the signed-in user may change the salon's setup (administrators and sysadmins; part 2 §6). */
export function useMayEditSetup(): boolean {
  const session = useSession();
  return isAdministrator({ role: session?.role ?? 'MASTER', isOwner: Boolean(session?.isOwner) });
}

/** The search box and the page's buttons above a settings list. */
export function SearchToolbar({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className="toolbar">
      {/* Named by its (visually hidden) label alone: an aria-label as well made screen readers say it twice (issue 63). */}
      <SearchField className="search-field" value={value} onChange={onChange}>
        <Label className="visually-hidden">{label}</Label>
        <Input className="field-input" placeholder={label} />
      </SearchField>
      {children}
    </div>
  );
}

/** Loading, the spec's empty text, or "nothing matches" above a list. */
export function ListState({
  all,
  shown,
  empty,
  noMatches,
}: {
  all: readonly unknown[] | undefined;
  shown: number;
  empty: string;
  noMatches?: string;
}) {
  const t = useT();
  if (all === undefined) return <p className="muted">{t('app.loading')}</p>;
  if (all.length === 0)
    return (
      <EmptyUnlessFirstSync>
        <p className="empty">{empty}</p>
      </EmptyUnlessFirstSync>
    );
  if (shown === 0 && noMatches) return <p className="empty">{noMatches}</p>;
  return null;
}

/** The Pending badge of a row whose change has not reached the server yet. */
export function PendingBadge({ pending }: { pending: boolean }) {
  const t = useT();
  return pending ? <span className="badge badge-pending">{t('status.pendingBadge')}</span> : null;
}

/** Edit and Delete buttons of a row, named with the row's name for screen readers and tests. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete?: () => void }) {
  const t = useT();
  return (
    <td className="table-actions">
      {onEdit ? (
        <Button variant="ghost" aria-label={`${t('common.edit')} ${name}`} onPress={onEdit}>
          {t('common.edit')}
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="ghost" aria-label={`${t('common.delete')} ${name}`} onPress={onDelete}>
          {t('common.delete')}
        </Button>
      ) : null}
    </td>
  );
}

/**
 * The row after the last one of a server-paged list (part 2 §9: pages of 20): while more pages exist it says so,
 * and `sentinel` (useLoadMore) asks for the next page when it comes into view.
 */
export function LoadMoreRow({ sentinel, colSpan, hasMore }: { sentinel: Ref<HTMLTableRowElement>; colSpan: number; hasMore: boolean }) {
  const t = useT();
  if (!hasMore) return null;
  return (
    <tr ref={sentinel}>
      <td colSpan={colSpan} className="muted">
        {t('app.loading')}
      </td>
    </tr>
  );
}

/**
 * What a server-paged list (part 2 §9) says above its table: the error; "Loading…" before its first page (online:
 * offline the OfflineNote speaks); once a page came with no rows, the spec's `empty` text, or `noMatches` while a
 * search or a filter is on. The last search's rows kept while a new one loads (useLoadMore.ts) say nothing.
 */
export function PagedListState({
  pages,
  online,
  shown,
  empty,
  noMatches,
  filtered = false,
}: {
  pages: { isError: boolean; isPending: boolean; isPlaceholderData: boolean; data: unknown };
  online: boolean;
  shown: number;
  empty: string;
  noMatches?: string;
  filtered?: boolean;
}) {
  const t = useT();
  return (
    <>
      {pages.isError ? <FormMessage>{t('error.default')}</FormMessage> : null}
      {pages.data && !pages.isPlaceholderData && shown === 0 ? <p className="empty">{filtered && noMatches ? noMatches : empty}</p> : null}
      {pages.isPending && online ? <p className="muted">{t('app.loading')}</p> : null}
    </>
  );
}
