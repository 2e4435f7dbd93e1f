import { useMemo, useState } from 'react';
import { nameIn } from '../../domain/rules/names';
import type { CabinetFormValues } from '../../domain/schemas/cabinet';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { ListState, useMayEditSetup } from '../list-page/list-parts';
import { ListTable } from '../list-page/list-table';
import { useReopenedForm, type FormOpen } from '../list-page/use-reopened-form';
import { CabinetDialog, DeleteCabinetDialog } from './cabinet-dialogs';
import { useCabinets, useServiceGroups } from '../salon/use-salon-setup';

type Open = FormOpen<CabinetFormValues> | { kind: 'delete'; id: string } | null;

/**
 * Cabinets (part 2 §2): Create new cabinet, a table of Name and Actions (Edit, Delete). Reads the mirror
 * and writes through the cabinet commands, so it works offline; masters only read.
 */
export function CabinetsPage() {
  const t = useT();
  const { language } = useLanguage();
  const cabinets = useCabinets();
  const groups = useServiceGroups();
  const [open, setOpen] = useState<Open>(null);
  const mayEdit = useMayEditSetup();
  useReopenedForm<CabinetFormValues>('cabinet', 'cabinetId', setOpen);

  const rows = useMemo(
    () =>
      (cabinets ?? [])
        .map((c) => ({ ...c, name: nameIn(c.nameVariants, language) }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [cabinets, language],
  );
  const groupName = (id: string) => nameIn(groups?.find((g) => g.id === id)?.nameVariants, language);
  const byId = (id: string | null) => (id ? (cabinets?.find((c) => c.id === id) ?? null) : null);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.cabinets')}</h1>
        {mayEdit ? (
          <Button variant="primary" onPress={() => setOpen({ kind: 'form', id: null })}>
            {t('cabinets.create')}
          </Button>
        ) : null}
      </div>
      <ListState all={cabinets} shown={rows.length} empty={t('cabinets.empty')} />
      {rows.length > 0 ? (
        <ListTable
          label={t('screen.cabinets')}
          rows={rows}
          table="cabinets"
          nameHeader={t('cabinets.name')}
          title={(c) => c.name}
          columns={[
            {
              header: t('cabinets.serviceGroupsColumn'),
              className: 'muted',
              cell: (c) => c.serviceGroupIds.map(groupName).filter(Boolean).join(', '),
            },
          ]}
          actionsHeader={t('cabinets.actions')}
          onEdit={mayEdit ? (c) => setOpen({ kind: 'form', id: c.id }) : undefined}
          onDelete={mayEdit ? (c) => setOpen({ kind: 'delete', id: c.id }) : undefined}
        />
      ) : null}
      {open?.kind === 'form' ? (
        <CabinetDialog
          cabinet={byId(open.id)}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? <DeleteCabinetDialog cabinet={byId(open.id)} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
