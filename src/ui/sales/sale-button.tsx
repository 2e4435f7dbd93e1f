import { lazy, useEffect, useState } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import type { SaleFormValues } from '../../domain/schemas/sale';
import { useT, withWholeCatalog } from '../../i18n';
import { useSession } from '../session/use-session';
import { PlainButton } from '../plain-button';
import { LoadBoundary } from '../load-failed';
import { reopenStore, useReopened } from '../sync/reopen-store';
import { isAdministrator } from '../../domain/roles';

// The dialog loads when it first opens, so the appointments page paints without it.
const SaleDialog = lazy(() => withWholeCatalog(import('./sale-dialog')).then((m) => ({ default: m.SaleDialog })));

type Open = { values?: SaleFormValues; refusal?: ServerErrorShape; conflictId?: number };

/**
 * The Sale button of the appointments page (part 1 §2; hidden for masters, part 1 §6) and its dialog. A sale
 * refused after the device went back online comes back here from the conflicts list: the dialog reopens with the
 * attempted items and the server's message (DESIGN.md §5.4).
 */
export function SaleButton() {
  const t = useT();
  const session = useSession();
  const [open, setOpen] = useState<Open | null>(null);
  const reopened = useReopened('sale');
  useEffect(() => {
    if (!reopened) return;
    reopenStore.set(null);
    setOpen({ values: reopened.values as SaleFormValues, refusal: reopened.error, conflictId: reopened.conflictId });
  }, [reopened]);
  if (!session || !isAdministrator(session)) return null;
  return (
    <>
      <PlainButton variant="secondary" onPress={() => setOpen({})}>
        {t('sale.button')}
      </PlainButton>
      {open ? (
        <LoadBoundary onFailed={() => setOpen(null)}>
          <SaleDialog {...open} onClose={() => setOpen(null)} />
        </LoadBoundary>
      ) : null}
    </>
  );
}
