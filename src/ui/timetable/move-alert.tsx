import './timetable-drag.css';
import { useT } from '../../i18n';
import { PlainButton } from '../plain-button';

/** Why a drop was refused (the spec's message), beside the grid until dismissed or the next move. */
export function MoveAlert({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  const t = useT();
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
