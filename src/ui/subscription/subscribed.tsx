import { firstChargeOf } from '../../domain/rules/subscription';
import { formatEuros } from '../../domain/rules/money';
import { dayText } from '../../domain/rules/time';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { FormMessage } from '../form-message';
import { useOnline } from '../use-online';
import { useSalonSubscription } from './use-subscription';

/**
 * After Activate (issue 59 item 1): what was bought and when the first charge is: the day the trial ends, or today
 * when the trial is over and the first month was charged now.
 */
export function Subscribed({
  salonId,
  monthlyPriceCents,
  onClose,
}: {
  salonId: string;
  monthlyPriceCents: number | null;
  onClose: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const { subscription } = useSalonSubscription(salonId, useOnline());
  const amount = monthlyPriceCents === null ? '' : formatEuros(monthlyPriceCents, language);
  const charge = subscription ? firstChargeOf(subscription, Date.now()) : null;
  return (
    <div className="stack" data-testid="subscribed">
      <FormMessage kind="success">{t('subscription.subscribed', { amount })}</FormMessage>
      {charge ? (
        <p>
          {charge.today
            ? t('subscription.firstChargeToday', { amount })
            : t('subscription.firstCharge', { amount, date: dayText(new Date(charge.at)) })}
        </p>
      ) : null}
      <DoneActions onClose={onClose} />
    </div>
  );
}

/** After Change card: the card is saved and the next charges go to it (what it owed was paid with it). */
export function CardChanged({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div className="stack" data-testid="card-changed">
      <FormMessage kind="success">{t('subscription.cardChanged')}</FormMessage>
      <DoneActions onClose={onClose} />
    </div>
  );
}

function DoneActions({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div className="form-actions">
      <Button variant="primary" onPress={onClose} autoFocus>
        {t('common.done')}
      </Button>
    </div>
  );
}
