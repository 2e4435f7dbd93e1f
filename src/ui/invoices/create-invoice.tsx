import { createContext, useContext } from 'react';
import { useT } from '../../i18n';
import { Button } from '../button';

export interface CreateState {
  create(): void;
  /** The Create Invoice button shows: no invoice yet. */
  shown: boolean;
  /** Disabled: the appointment form has unsaved changes, or a create is on its way. */
  disabled: boolean;
}
export const CreateContext = createContext<CreateState | null>(null);

/**
 * Create Invoice (part 1 §2, §4): only while the appointment has none, disabled while the appointment form has
 * unsaved changes. It runs `invoice.create` and moves to the Invoice tab.
 */
export function CreateInvoiceButton() {
  const t = useT();
  const state = useContext(CreateContext);
  if (!state?.shown) return null;
  return (
    <Button variant="secondary" isDisabled={state.disabled} onPress={state.create}>
      {t('invoice.create')}
    </Button>
  );
}
