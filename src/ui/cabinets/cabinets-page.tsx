import { useMemo, useState } from 'react';
import { nameIn } from '../../domain/rules/names';
import type { CabinetFormValues } from '../../domain/schemas/cabinet';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { ListState, PendingBadge, RowActions, useMayEditSetup } from '../list-page/list-parts';
import { useReopenedForm, type FormOpen } from '../list-page/use-reopened-form';
import { CabinetDialog, DeleteCabinetDialog } from './cabinet-dialogs';
import { useCabinets, useServiceGroups } from '../salon/use-salon-setup';
import { usePendingRows } from '../sync/use-pending';

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
  const pending = usePendingRows();
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
        <div className="table-scroll">
          <table className="table" aria-label={t('screen.cabinets')}>
            <thead>
              <tr>
                <th scope="col">{t('cabinets.name')}</th>
                <th scope="col">{t('cabinets.serviceGroupsColumn')}</th>
                {mayEdit ? <th scope="col">{t('cabinets.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.name}
                    <PendingBadge pending={pending.has(`cabinets:${c.id}`)} />
                  </td>
                  <td className="muted">{c.serviceGroupIds.map(groupName).filter(Boolean).join(', ')}</td>
                  {mayEdit ? (
                    <RowActions
                      name={c.name}
                      onEdit={() => setOpen({ kind: 'form', id: c.id })}
                      onDelete={() => setOpen({ kind: 'delete', id: c.id })}
                    />
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
