import { useEffect, useMemo, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import type { ServerErrorShape } from '../../../domain/errors';
import { canEditSalonSetup } from '../../../domain/rules/permissions';
import { fuzzyFilter } from '../../../domain/rules/search';
import type { ManufacturerFormValues } from '../../../domain/schemas/manufacturer';
import { useLanguage, useT } from '../../../i18n';
import { useSession } from '../../../ui/auth/use-session';
import { Button } from '../../../ui/button';
import { DeleteManufacturerDialog, ManufacturerDialog, useManufacturers } from '../../../ui/manufacturers/manufacturer-dialogs';
import { reopenStore, useReopened } from '../../../ui/sync/reopen-store';
import { usePendingRows } from '../../../ui/sync/use-pending';

type Open =
  | { kind: 'form'; manufacturerId: string | null; values?: ManufacturerFormValues; refusal?: ServerErrorShape; conflictId?: number }
  | { kind: 'delete'; manufacturerId: string }
  | null;

/** Manufacturers settings (part 2 §2): search, Add manufacturer, a list of Name and Actions (Edit, Delete). */
export function ManufacturersPage() {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  const manufacturers = useManufacturers();
  const pending = usePendingRows();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const reopened = useReopened('manufacturer');
  const mayEdit = canEditSalonSetup({ role: session?.role ?? 'MASTER', isOwner: Boolean(session?.isOwner) });

  useEffect(() => {
    if (!reopened) return;
    reopenStore.set(null);
    const { manufacturerId, ...values } = reopened.values as ManufacturerFormValues & { manufacturerId?: string | null };
    setOpen({ kind: 'form', manufacturerId: manufacturerId ?? null, values, refusal: reopened.error, conflictId: reopened.conflictId });
  }, [reopened]);

  const rows = useMemo(() => {
    const sorted = [...(manufacturers ?? [])].sort((a, b) => a.name.localeCompare(b.name, language));
    return fuzzyFilter(sorted, ['name'], query);
  }, [manufacturers, language, query]);

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('manufacturers.title')}</h1>
      </div>
      <div className="toolbar">
        <SearchField className="search-field" value={query} onChange={setQuery} aria-label={t('manufacturers.search')}>
          <Label className="visually-hidden">{t('manufacturers.search')}</Label>
          <Input className="field-input" placeholder={t('manufacturers.search')} />
        </SearchField>
        {mayEdit ? (
          <Button variant="primary" onPress={() => setOpen({ kind: 'form', manufacturerId: null })}>
            {t('manufacturers.add')}
          </Button>
        ) : null}
      </div>
      {manufacturers === undefined ? <p className="muted">{t('app.loading')}</p> : null}
      {manufacturers && manufacturers.length === 0 ? <p className="empty">{t('manufacturers.empty')}</p> : null}
      {manufacturers && manufacturers.length > 0 && rows.length === 0 ? <p className="empty">{t('manufacturers.noMatches')}</p> : null}
      {rows.length > 0 ? (
        <table className="table" aria-label={t('manufacturers.title')}>
          <thead>
            <tr>
              <th scope="col">{t('manufacturers.name')}</th>
              {mayEdit ? <th scope="col">{t('manufacturers.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.name}
                  {pending.has(`manufacturers:${m.id}`) ? <span className="badge badge-pending">{t('status.pendingBadge')}</span> : null}
                </td>
                {mayEdit ? (
                  <td className="table-actions">
                    <Button variant="ghost" aria-label={`${t('common.edit')} ${m.name}`} onPress={() => setOpen({ kind: 'form', manufacturerId: m.id })}>
                      {t('common.edit')}
                    </Button>
                    <Button variant="ghost" aria-label={`${t('common.delete')} ${m.name}`} onPress={() => setOpen({ kind: 'delete', manufacturerId: m.id })}>
                      {t('common.delete')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {open?.kind === 'form' ? (
        <ManufacturerDialog
          manufacturer={open.manufacturerId ? (manufacturers?.find((m) => m.id === open.manufacturerId) ?? null) : null}
          initialValues={open.values}
          refusal={open.refusal}
          conflictId={open.conflictId}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteManufacturerDialog manufacturer={manufacturers?.find((m) => m.id === open.manufacturerId) ?? null} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
