import { useMemo, useState } from 'react';
import { fuzzyFilter } from '../../domain/rules/search';
import type { ManufacturerFormValues } from '../../domain/schemas/manufacturer';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { ListState, SearchToolbar, useMayEditSetup } from '../list-page/list-parts';
import { ListTable } from '../list-page/list-table';
import { useReopenedForm, type FormOpen } from '../list-page/use-reopened-form';
import { DeleteManufacturerDialog, ManufacturerDialog, useManufacturers } from './manufacturer-dialogs';
import { useKeptText } from '../area-state';

type Open = FormOpen<ManufacturerFormValues> | { kind: 'delete'; id: string } | null;

/** Manufacturers settings (part 2 §2): search, Add manufacturer, a list of Name and Actions (Edit, Delete). */
export function ManufacturersPage() {
  const t = useT();
  const { language } = useLanguage();
  const manufacturers = useManufacturers();
  const [query, setQuery] = useKeptText('manufacturers.search');
  const [open, setOpen] = useState<Open>(null);
  const mayEdit = useMayEditSetup();
  useReopenedForm<ManufacturerFormValues>('manufacturer', 'manufacturerId', setOpen);

  const rows = useMemo(() => {
    const sorted = [...(manufacturers ?? [])].sort((a, b) => a.name.localeCompare(b.name, language));
    return fuzzyFilter(sorted, ['name'], query);
  }, [manufacturers, language, query]);
  const byId = (id: string | null) => (id ? (manufacturers?.find((m) => m.id === id) ?? null) : null);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('manufacturers.title')}</h1>
      </div>
      <SearchToolbar label={t('manufacturers.search')} value={query} onChange={setQuery}>
        {mayEdit ? (
          <Button variant="primary" onPress={() => setOpen({ kind: 'form', id: null })}>
            {t('manufacturers.add')}
          </Button>
        ) : null}
      </SearchToolbar>
      <ListState all={manufacturers} shown={rows.length} empty={t('manufacturers.empty')} noMatches={t('manufacturers.noMatches')} />
      {rows.length > 0 ? (
        <ListTable
          label={t('manufacturers.title')}
          rows={rows}
          table="manufacturers"
          nameHeader={t('manufacturers.name')}
          title={(m) => m.name}
          actionsHeader={t('manufacturers.actions')}
          onEdit={mayEdit ? (m) => setOpen({ kind: 'form', id: m.id }) : undefined}
          onDelete={mayEdit ? (m) => setOpen({ kind: 'delete', id: m.id }) : undefined}
        />
      ) : null}
      {open?.kind === 'form' ? (
        <ManufacturerDialog
          manufacturer={byId(open.id)}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? <DeleteManufacturerDialog manufacturer={byId(open.id)} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
