import { useMemo, useState } from 'react';
import { nameIn } from '../../domain/rules/names';
import { fuzzyFilter } from '../../domain/rules/search';
import type { MasterFormValues } from '../../domain/schemas/master';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { ListState, SearchToolbar, useMayEditSetup } from '../list-page/list-parts';
import { ListTable } from '../list-page/list-table';
import { useReopenedForm, type FormOpen } from '../list-page/use-reopened-form';
import { useMasters, useServiceGroups } from '../salon/use-salon-setup';
import { DeleteMasterDialog, MasterDialog } from './master-dialogs';
import { useKeptText } from '../area-state';

type Open = FormOpen<MasterFormValues> | { kind: 'delete'; id: string } | null;

const SEARCH_KEYS = ['fullName', 'phone', 'email'];

/**
 * Staff (part 2 §2): search, Create new user, a table of Name, Services (service group tags) and Actions
 * (Edit, Delete). Reads the mirror and writes through the master commands, so it works offline; masters only read.
 */
export function StaffPage() {
  const t = useT();
  const { language } = useLanguage();
  const masters = useMasters();
  const groups = useServiceGroups();
  const [open, setOpen] = useState<Open>(null);
  const [query, setQuery] = useKeptText('staff.search');
  const mayEdit = useMayEditSetup();
  useReopenedForm<MasterFormValues>('master', 'masterId', setOpen);

  const rows = useMemo(() => {
    const all = (masters ?? [])
      .map((m) => ({ ...m, fullName: `${m.firstName} ${m.lastName}`.trim() }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName, language) || a.id.localeCompare(b.id));
    return fuzzyFilter(all, SEARCH_KEYS, query);
  }, [masters, language, query]);
  const groupName = (id: string) => nameIn(groups?.find((g) => g.id === id)?.nameVariants, language);
  const byId = (id: string | null) => (id ? (masters?.find((m) => m.id === id) ?? null) : null);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.staff')}</h1>
      </div>
      <SearchToolbar label={t('staff.search')} value={query} onChange={setQuery}>
        {mayEdit ? (
          <Button variant="primary" onPress={() => setOpen({ kind: 'form', id: null })}>
            {t('staff.create')}
          </Button>
        ) : null}
      </SearchToolbar>
      <ListState all={masters} shown={rows.length} empty={t('staff.empty')} noMatches={t('staff.noMatches')} />
      {rows.length > 0 ? (
        <ListTable
          label={t('screen.staff')}
          rows={rows}
          table="masters"
          nameHeader={t('staff.name')}
          title={(m) => m.fullName}
          name={(m) => (
            <>
              {m.fullName}
              {m.status === 'INACTIVE' ? <span className="badge">{t('staff.inactive')}</span> : null}
            </>
          )}
          columns={[
            {
              header: t('staff.services'),
              cell: (m) => (
                <span className="tag-list">
                  {m.serviceGroupIds
                    .map((id) => groupName(id))
                    .filter(Boolean)
                    .map((name) => (
                      <span key={name} className="tag">
                        {name}
                      </span>
                    ))}
                </span>
              ),
            },
          ]}
          actionsHeader={t('staff.actions')}
          onEdit={mayEdit ? (m) => setOpen({ kind: 'form', id: m.id }) : undefined}
          onDelete={mayEdit ? (m) => setOpen({ kind: 'delete', id: m.id }) : undefined}
        />
      ) : null}
      {open?.kind === 'form' ? (
        <MasterDialog
          master={byId(open.id)}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? <DeleteMasterDialog master={byId(open.id)} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
