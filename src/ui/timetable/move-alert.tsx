import './timetable-drag.css';
import { useT } from '../../i18n';
import { PlainButton } from '../plain-button';

/**
 * Why a drop was refused (the spec's message), beside the grid until dismissed or the next move; after a move that
 * went through, Undo for a few seconds (issue 63).
 */
export function MoveAlert({ message, onDismiss, onUndo }: { message: string | null; onDismiss: () => void; onUndo?: (() => void) | null }) {
  const t = useT();
  if (!message && onUndo) {
    return (
      <div role="status" className="form-message form-message-info move-alert" data-testid="move-undo">
        <span>{t('timetable.moved')}</span>
        <PlainButton variant="secondary" onPress={onUndo}>
          {t('timetable.undo')}
        </PlainButton>
      </div>
    );
  }
  if (!message) return null;
  return (
    <div role="alert" className="form-message form-message-error move-alert" data-testid="move-alert">
      <span>{message}</span>
      <PlainButton variant="ghost" onPress={onDismiss}>
        {t('common.close')}
      </PlainButton>
    </div>
  );
}
