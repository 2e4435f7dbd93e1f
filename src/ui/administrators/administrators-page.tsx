import { useMemo, useState } from 'react';
import { fuzzyFilter } from '../../domain/rules/search';
import { administratorName, type EditAdministratorFormValues } from '../../domain/schemas/administrator';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { ListState, SearchToolbar } from '../list-page/list-parts';
import { ListTable } from '../list-page/list-table';
import { useReopenedForm, type FormOpen } from '../list-page/use-reopened-form';
import { DeleteAdministratorDialog, EditAdministratorDialog } from './edit-administrator-dialog';
import { NewAdministratorDialog } from './new-administrator-dialog';
import { useAdministrators, useMayManageAdministrators } from '../salon/use-administrators';

type Open = FormOpen<EditAdministratorFormValues> | { kind: 'delete'; id: string } | null;

/**
 * Administrators (part 2 §2, owner only): search, Create new user, a table of Name and Actions (Edit, Delete).
 * The list is the mirror's, so it shows offline; edits and deletes are commands, adding is online only
 * (docs/decisions/022). A sysadmin who entered the salon sees it read-only.
 */
export function AdministratorsPage() {
  const t = useT();
  const { language } = useLanguage();
  const administrators = useAdministrators();
  const mayManage = useMayManageAdministrators();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [adding, setAdding] = useState(false);
  useReopenedForm<EditAdministratorFormValues>('administrator', 'administratorId', setOpen);

  const rows = useMemo(() => {
    const named = (administrators ?? []).map((a) => ({ ...a, name: administratorName(a) }));
    named.sort((a, b) => a.name.localeCompare(b.name, language));
    return fuzzyFilter(named, ['name', 'email', 'phone'], query);
  }, [administrators, language, query]);
  const byId = (id: string | null) => (id ? (administrators?.find((a) => a.id === id) ?? null) : null);
  const editing = open?.kind === 'form' ? byId(open.id) : null;

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('administrators.title')}</h1>
      </div>
      <SearchToolbar label={t('administrators.search')} value={query} onChange={setQuery}>
        {mayManage ? (
          <Button variant="primary" onPress={() => setAdding(true)}>
            {t('administrators.add')}
          </Button>
        ) : null}
      </SearchToolbar>
      <ListState all={administrators} shown={rows.length} empty={t('administrators.empty')} noMatches={t('administrators.noMatches')} />
      {rows.length > 0 ? (
        <ListTable
          label={t('administrators.title')}
          rows={rows}
          table="administrators"
          nameHeader={t('administrators.name')}
          title={(a) => a.name}
          nameNote={(a) => <div className="muted">{a.email}</div>}
          actionsHeader={t('administrators.actions')}
          onEdit={(a) => setOpen({ kind: 'form', id: a.id })}
          onDelete={mayManage ? (a) => setOpen({ kind: 'delete', id: a.id }) : undefined}
        />
      ) : null}
      {adding ? <NewAdministratorDialog onClose={() => setAdding(false)} /> : null}
      {open?.kind === 'form' && editing ? (
        <EditAdministratorDialog
          administrator={editing}
          readOnly={!mayManage}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? <DeleteAdministratorDialog administrator={byId(open.id)} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
