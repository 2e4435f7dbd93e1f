import type { PaymentType } from '../domain/entities';
import { useT } from '../i18n';
import { Icon } from './icons';

const ICONS = { CASH: 'cash', CC: 'card', GIFT: 'gift', MEMBERSHIP: 'ticket' } as const;

/** Payment icons of paid appointments: cash, credit card, gift, membership (part 1 §9). */
export function PaymentIcon({ type }: { type: PaymentType | null }) {
  const t = useT();
  if (!type) return null;
  return (
    <span className="payment-icon">
      <Icon name={ICONS[type]} label={t(`payment.${type}`)} />
    </span>
  );
}
