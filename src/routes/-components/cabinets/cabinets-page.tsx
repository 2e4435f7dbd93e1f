import { useEffect, useMemo, useState } from 'react';
import { nameIn } from '../../../domain/rules/names';
import { canEditSalonSetup } from '../../../domain/rules/permissions';
import type { CabinetFormValues } from '../../../domain/schemas/cabinet';
import type { ServerErrorShape } from '../../../domain/errors';
import { useLanguage, useT } from '../../../i18n';
import { useSession } from '../../../ui/auth/use-session';
import { Button } from '../../../ui/button';
import { CabinetDialog, DeleteCabinetDialog } from '../../../ui/salon-setup/cabinet-dialogs';
import { useCabinets, useServiceGroups } from '../../../ui/salon-setup/use-salon-setup';
import { reopenStore, useReopened } from '../../../ui/sync/reopen-store';
import { usePendingRows } from '../../../ui/sync/use-pending';

type Open =
  | { kind: 'new' | 'edit'; cabinetId: string | null; values?: CabinetFormValues; refusal?: ServerErrorShape; conflictId?: number }
  | { kind: 'delete'; cabinetId: string }
  | null;

/**
 * Cabinets (part 2 §2): Create new cabinet, a table of Name and Actions (Edit, Delete). Reads the mirror
 * and writes through the cabinet commands, so it works offline; masters only read.
 */
export function CabinetsPage() {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  const cabinets = useCabinets();
  const groups = useServiceGroups();
  const pending = usePendingRows();
  const [open, setOpen] = useState<Open>(null);
  const reopened = useReopened('cabinet');
  const mayEdit = canEditSalonSetup({ role: session?.role ?? 'MASTER', isOwner: Boolean(session?.isOwner) });

  // A refused offline change comes back to its form (DESIGN.md §5.4).
  useEffect(() => {
    if (!reopened) return;
    reopenStore.set(null);
    const { cabinetId, ...values } = reopened.values as CabinetFormValues & { cabinetId?: string | null };
    setOpen({ kind: cabinetId ? 'edit' : 'new', cabinetId: cabinetId ?? null, values, refusal: reopened.error, conflictId: reopened.conflictId });
  }, [reopened]);

  const rows = useMemo(
    () => (cabinets ?? []).map((c) => ({ ...c, name: nameIn(c.nameVariants, language) })).sort((a, b) => a.name.localeCompare(b.name, language)),
    [cabinets, language],
  );
  const groupName = (id: string) => nameIn(groups?.find((g) => g.id === id)?.nameVariants, language);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.cabinets')}</h1>
        {mayEdit ? (
          <Button variant="primary" onPress={() => setOpen({ kind: 'new', cabinetId: null })}>
            {t('cabinets.create')}
          </Button>
        ) : null}
      </div>
      {cabinets === undefined ? <p className="muted">{t('app.loading')}</p> : null}
      {cabinets && cabinets.length === 0 ? <p className="empty">{t('cabinets.empty')}</p> : null}
      {rows.length > 0 ? (
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
                  {pending.has(`cabinets:${c.id}`) ? <span className="badge badge-pending">{t('status.pendingBadge')}</span> : null}
                </td>
                <td className="muted">{c.serviceGroupIds.map(groupName).filter(Boolean).join(', ')}</td>
                {mayEdit ? (
                  <td className="table-actions">
                    <Button variant="ghost" aria-label={`${t('common.edit')} ${c.name}`} onPress={() => setOpen({ kind: 'edit', cabinetId: c.id })}>
                      {t('common.edit')}
                    </Button>
                    <Button variant="ghost" aria-label={`${t('common.delete')} ${c.name}`} onPress={() => setOpen({ kind: 'delete', cabinetId: c.id })}>
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
        <CabinetDialog
          cabinet={open.cabinetId ? (cabinets?.find((c) => c.id === open.cabinetId) ?? null) : null}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? <DeleteCabinetDialog cabinet={cabinets?.find((c) => c.id === open.cabinetId) ?? null} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
