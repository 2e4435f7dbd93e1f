import { useRef, useState } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import { Docs, request } from '../../api';
import type { CalendarFeedFieldsFragment } from '../../api/generated';
import { dayText } from '../../domain/rules/time';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { dialogs, useOpenDialog } from '../dialog-store';
import { FormMessage } from '../form-message';
import { OfflineNote } from '../offline-note';
import { queryClient } from '../query-client';
import { useSession } from '../session/use-session';
import { useOnline } from '../use-online';
import { useServerError } from '../use-server-error';
import { useServerQuery } from '../use-server-query';
import { YesNoDialog } from '../yes-no-dialog';
import { FeedQrCode } from './feed-qr-code';

const key = (salonId: string | null) => ['calendarFeed', salonId];

/** The user menu's Calendar feed (issue 58 item 5): a master's own appointments in the calendar app of their choice. */
export function CalendarFeedDialog() {
  const t = useT();
  const open = useOpenDialog() === 'calendarFeed';
  return (
    <Dialog title={t('calendarFeed.title')} isOpen={open} onClose={dialogs.close} size="sm">
      {open ? <CalendarFeedPanel /> : null}
    </Dialog>
  );
}

/**
 * The feed's secret address with Copy, a QR code for the phone and a link that opens the device's calendar app;
 * turning it on, a new address (the old one ends) and off. Online only: the answer read last shows offline (with
 * OfflineNote), and the buttons wait for the network.
 */
function CalendarFeedPanel() {
  const t = useT();
  const { language } = useLanguage();
  const salon = useSession()?.salon ?? null;
  const online = useOnline();
  const server = useServerError('calendarFeed');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'renew' | 'off' | null>(null);
  const address = useRef<HTMLInputElement>(null);
  const query = useServerQuery({
    queryKey: key(salon),
    queryFn: async () => (await request(Docs.CalendarFeedDocument, { salon: salon as string })).calendarFeed ?? null,
    enabled: online && salon !== null,
  });
  const feed = query.data;

  const run = async (write: () => Promise<CalendarFeedFieldsFragment | null>, message: string) => {
    setConfirming(null);
    setBusy(true);
    setDone(null);
    server.clear();
    try {
      queryClient.setQueryData(key(salon), await write());
      setDone(message);
    } catch (error) {
      server.report(error);
    } finally {
      setBusy(false);
    }
  };
  const input = { salonId: salon as string, lang: language };
  const start = (message: string) => run(async () => (await request(Docs.StartCalendarFeedDocument, { input })).startCalendarFeed, message);
  const stop = () =>
    run(async () => {
      await request(Docs.StopCalendarFeedDocument, { input });
      return null;
    }, t('calendarFeed.turnedOff'));
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setDone(t('calendarFeed.copied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the address is selected for the user to copy.
      address.current?.select();
      setDone(t('calendarFeed.copyByHand'));
    }
  };

  return (
    <div className="calendar-feed stack" data-testid="calendar-feed">
      <p className="section-note">{t('calendarFeed.intro')}</p>
      <OfflineNote online={online} updatedAt={query.dataUpdatedAt} />
      <FormMessage>{server.formError}</FormMessage>
      <FormMessage kind="success">{done}</FormMessage>
      {feed ? (
        <>
          <TextField className="field" value={feed.url} isReadOnly>
            <Label className="field-label">{t('calendarFeed.address')}</Label>
            <Input ref={address} className="field-input" onFocus={(event) => event.currentTarget.select()} />
          </TextField>
          <p className="section-note">{t('calendarFeed.secret', { date: dayText(new Date(feed.createdAt)) })}</p>
          <div className="form-actions">
            <Button variant="primary" onPress={() => void copy(feed.url)}>
              {t('calendarFeed.copy')}
            </Button>
            <a className="btn btn-secondary" href={feed.url.replace(/^https?:/, 'webcal:')}>
              {t('calendarFeed.subscribe')}
            </a>
          </div>
          <figure className="calendar-feed-qr">
            <FeedQrCode value={feed.url} label={t('calendarFeed.qr')} />
            <figcaption className="section-note">{t('calendarFeed.qr')}</figcaption>
          </figure>
          <div className="form-actions">
            <Button variant="ghost" isDisabled={!online} isPending={busy} onPress={() => setConfirming('off')}>
              {t('calendarFeed.turnOff')}
            </Button>
            <Button variant="secondary" isDisabled={!online} isPending={busy} onPress={() => setConfirming('renew')}>
              {t('calendarFeed.renew')}
            </Button>
          </div>
        </>
      ) : feed === null ? (
        <div className="form-actions">
          <Button variant="primary" isDisabled={!online} isPending={busy} onPress={() => void start(t('calendarFeed.turnedOn'))}>
            {t('calendarFeed.turnOn')}
          </Button>
        </div>
      ) : null}
      {confirming ? (
        <YesNoDialog
          title={t(confirming === 'renew' ? 'calendarFeed.renew' : 'calendarFeed.turnOff')}
          question={t(confirming === 'renew' ? 'calendarFeed.renew.question' : 'calendarFeed.turnOff.question')}
          onYes={() => void (confirming === 'renew' ? start(t('calendarFeed.renewed')) : stop())}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
