import { useState } from 'react';
import type { OnlineBookingSettings } from '../../domain/rules/online-booking';
import { useT } from '../../i18n';
import { Button } from '../button';
import { FormMessage } from '../form-message';

/** The saved page's address with Open and Copy while it is on; a note that it answers nothing while it is off. */
export function BookingPageLink({ settings }: { settings: OnlineBookingSettings | null }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  if (!settings?.enabled) return <p className="section-note">{t('onlineBooking.pageOff')}</p>;
  const url = `${location.origin}/book/${settings.slug}`;
  return (
    <div className="booking-page-link stack">
      <p>
        {t('onlineBooking.pageOn')}{' '}
        <a href={url} target="_blank" rel="noopener" data-testid="booking-page-url">
          {url}
        </a>
      </p>
      <div className="pick-list-actions">
        <Button
          variant="secondary"
          onPress={() =>
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {t('onlineBooking.copy')}
        </Button>
        <a className="btn btn-ghost" href={url} target="_blank" rel="noopener">
          {t('onlineBooking.open')}
        </a>
      </div>
      {copied ? <FormMessage kind="success">{t('onlineBooking.copied')}</FormMessage> : null}
    </div>
  );
}
