import { useMemo, useState } from 'react';
import { Docs, request } from '../../api';
import { dayText } from '../../domain/rules/time';
import { durationText, type SeminarType } from '../../domain/schemas/seminar';
import { useT } from '../../i18n';
import { Button } from '../button';
import { ConfirmDeleteDialog } from '../list-page/confirm-delete-dialog';
import { LoadMoreRow, PagedListState, RowActions, SearchToolbar } from '../list-page/list-parts';
import { OfflineNote } from '../offline-note';
import { useLoadMore } from '../use-load-more';
import { useOnline } from '../use-online';
import { useSettled } from '../use-settled';
import { SeminarDialog } from './seminar-dialog';
import { refreshSeminars, useSeminarPages, type Seminar } from './use-seminars';
import { useKeptText } from '../area-state';

type Open = { kind: 'new' } | { kind: 'edit'; seminar: Seminar } | { kind: 'delete'; seminar: Seminar } | null;

/**
 * The supplier's Seminar page (part 2 §2): search, Add New Seminar, a table of Name, Date, Duration, Type, Place
 * count (available / total) and Actions, read from the server in pages of 20 as the last row scrolls into view.
 */
export function SupplierSeminars() {
  const t = useT();
  const online = useOnline();
  const [typed, setTyped] = useKeptText('seminars.search');
  const search = useSettled(typed);
  const [open, setOpen] = useState<Open>(null);
  const pages = useSeminarPages(search, online);
  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.getSeminars.edges.map((e) => e.node)) ?? [], [pages.data]);
  const sentinel = useLoadMore<HTMLTableRowElement>(pages, online, rows.length);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.seminars')}</h1>
      </div>
      <SearchToolbar label={t('seminar.search')} value={typed} onChange={setTyped}>
        <Button variant="primary" onPress={() => setOpen({ kind: 'new' })}>
          {t('seminar.add')}
        </Button>
      </SearchToolbar>
      <OfflineNote online={online} updatedAt={pages.dataUpdatedAt} />
      <PagedListState
        pages={pages}
        online={online}
        shown={rows.length}
        empty={t('seminar.empty')}
        noMatches={t('seminar.noMatches')}
        filtered={search !== ''}
      />
      {rows.length > 0 ? (
        <table className="table" aria-label={t('screen.seminars')} aria-busy={pages.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('seminar.name')}</th>
              <th scope="col">{t('seminar.date')}</th>
              <th scope="col">{t('seminar.duration')}</th>
              <th scope="col">{t('seminar.type')}</th>
              <th scope="col">{t('seminar.placeCount')}</th>
              <th scope="col">{t('seminar.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} data-testid="seminar-row">
                <td>
                  <button type="button" className="btn btn-link" onClick={() => setOpen({ kind: 'edit', seminar: s })}>
                    {s.name}
                  </button>
                </td>
                <td>{`${dayText(s.startAt.slice(0, 10))} ${s.startAt.slice(11, 16)}`}</td>
                <td>{durationText(s.duration)}</td>
                <td>{t(`seminar.type.${s.type as SeminarType}`)}</td>
                <td>{`${Math.max(0, s.placeCount - s.visitorCount)} / ${s.placeCount}`}</td>
                <RowActions
                  name={s.name}
                  onEdit={() => setOpen({ kind: 'edit', seminar: s })}
                  onDelete={() => setOpen({ kind: 'delete', seminar: s })}
                />
              </tr>
            ))}
            <LoadMoreRow sentinel={sentinel} colSpan={6} hasMore={pages.hasNextPage} />
          </tbody>
        </table>
      ) : null}
      {open?.kind === 'new' || open?.kind === 'edit' ? (
        <SeminarDialog seminar={open.kind === 'edit' ? open.seminar : null} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          title={t('common.delete')}
          question={online ? t('seminar.delete.body') : t('seminar.offline')}
          operation="seminarDelete"
          run={
            online
              ? async () => {
                  await request(Docs.DeleteSeminarDocument, { input: { seminarId: open.seminar.id } });
                  await refreshSeminars();
                }
              : null
          }
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
