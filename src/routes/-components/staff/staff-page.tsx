import { useEffect, useMemo, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import type { ServerErrorShape } from '../../../domain/errors';
import { nameIn } from '../../../domain/rules/names';
import { canEditSalonSetup } from '../../../domain/rules/permissions';
import { fuzzyFilter } from '../../../domain/rules/search';
import type { MasterFormValues } from '../../../domain/schemas/master';
import { useLanguage, useT } from '../../../i18n';
import { useSession } from '../../../ui/auth/use-session';
import { Button } from '../../../ui/button';
import { useMasters, useServiceGroups } from '../../../ui/salon-setup/use-salon-setup';
import { DeleteMasterDialog, MasterDialog } from '../../../ui/staff/master-dialogs';
import { reopenStore, useReopened } from '../../../ui/sync/reopen-store';
import { usePendingRows } from '../../../ui/sync/use-pending';

type Open =
  | { kind: 'new' | 'edit'; masterId: string | null; values?: MasterFormValues; refusal?: ServerErrorShape; conflictId?: number }
  | { kind: 'delete'; masterId: string }
  | null;

const SEARCH_KEYS = ['fullName', 'phone', 'email'];

/**
 * Staff (part 2 §2): search, Create new user, a table of Name, Services (service group tags) and Actions
 * (Edit, Delete). Reads the mirror and writes through the master commands, so it works offline; masters only read.
 */
export function StaffPage() {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  const masters = useMasters();
  const groups = useServiceGroups();
  const pending = usePendingRows();
  const [open, setOpen] = useState<Open>(null);
  const [query, setQuery] = useState('');
  const reopened = useReopened('master');
  const mayEdit = canEditSalonSetup({ role: session?.role ?? 'MASTER', isOwner: Boolean(session?.isOwner) });

  // A refused offline change comes back to its form (DESIGN.md §5.4).
  useEffect(() => {
    if (!reopened) return;
    reopenStore.set(null);
    const { masterId, ...values } = reopened.values as MasterFormValues & { masterId?: string | null };
    setOpen({ kind: masterId ? 'edit' : 'new', masterId: masterId ?? null, values, refusal: reopened.error, conflictId: reopened.conflictId });
  }, [reopened]);

  const rows = useMemo(() => {
    const all = (masters ?? [])
      .map((m) => ({ ...m, fullName: `${m.firstName} ${m.lastName}`.trim() }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName, language) || a.id.localeCompare(b.id));
    return fuzzyFilter(all, SEARCH_KEYS, query);
  }, [masters, language, query]);
  const groupName = (id: string) => nameIn(groups?.find((g) => g.id === id)?.nameVariants, language);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.staff')}</h1>
        <SearchField className="search-field" value={query} onChange={setQuery} aria-label={t('staff.search')}>
          <Label className="visually-hidden">{t('staff.search')}</Label>
          <Input className="field-input" placeholder={t('staff.search')} />
        </SearchField>
        {mayEdit ? (
          <Button variant="primary" onPress={() => setOpen({ kind: 'new', masterId: null })}>
            {t('staff.create')}
          </Button>
        ) : null}
      </div>
      {masters === undefined ? <p className="muted">{t('app.loading')}</p> : null}
      {masters && masters.length === 0 ? <p className="empty">{t('staff.empty')}</p> : null}
      {masters && masters.length > 0 && rows.length === 0 ? <p className="empty">{t('staff.noMatches')}</p> : null}
      {rows.length > 0 ? (
        <table className="table" aria-label={t('screen.staff')}>
          <thead>
            <tr>
              <th scope="col">{t('staff.name')}</th>
              <th scope="col">{t('staff.services')}</th>
              {mayEdit ? <th scope="col">{t('staff.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.fullName}
                  {m.status === 'INACTIVE' ? <span className="badge">{t('staff.inactive')}</span> : null}
                  {pending.has(`masters:${m.id}`) ? <span className="badge badge-pending">{t('status.pendingBadge')}</span> : null}
                </td>
                <td>
                  <span className="tag-list">
                    {m.serviceGroupIds.map((id) => groupName(id)).filter(Boolean).map((name) => (
                      <span key={name} className="tag">
                        {name}
                      </span>
                    ))}
                  </span>
                </td>
                {mayEdit ? (
                  <td className="table-actions">
                    <Button variant="ghost" aria-label={`${t('common.edit')} ${m.fullName}`} onPress={() => setOpen({ kind: 'edit', masterId: m.id })}>
                      {t('common.edit')}
                    </Button>
                    <Button variant="ghost" aria-label={`${t('common.delete')} ${m.fullName}`} onPress={() => setOpen({ kind: 'delete', masterId: m.id })}>
                      {t('common.delete')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {open && open.kind !== 'delete' ? (
        <MasterDialog
          master={open.masterId ? (masters?.find((m) => m.id === open.masterId) ?? null) : null}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? <DeleteMasterDialog master={masters?.find((m) => m.id === open.masterId) ?? null} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
