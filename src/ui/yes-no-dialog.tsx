import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { Button } from './button';
import { Dialog } from './dialog';
import { FormMessage } from './form-message';

/**
 * The spec's Yes/No confirmation (part 1 §2, part 2 §2): a question, the refusal if Yes failed, and No first
 * (focused, so Enter on a stray keypress does not confirm).
 */
export function YesNoDialog({
  title,
  question,
  error = null,
  yesVariant = 'danger',
  isYesDisabled = false,
  onYes,
  onClose,
}: {
  title: string;
  question: ReactNode;
  error?: ReactNode;
  yesVariant?: 'danger' | 'primary';
  isYesDisabled?: boolean;
  onYes: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog title={title} isOpen onClose={onClose} size="sm">
      <div className="stack">
        <p>{question}</p>
        <FormMessage>{error}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={onClose} autoFocus>
            {t('common.no')}
          </Button>
          <Button variant={yesVariant} isDisabled={isYesDisabled} onPress={onYes}>
            {t('common.yes')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
