import { useEffect, useState } from 'react';
import { ask, pageErrorOf, type PageError } from './api';
import { when } from './format';
import {
  BookingPageDocument,
  CancelBookingDocument,
  ManagedBookingDocument,
  MoveBookingDocument,
  type ManagedBookingFieldsFragment,
} from './generated';
import type { Language, Translate } from './i18n';
import { CallLink, ErrorNote, PageHeader, Summary } from './parts';
import type { BookingPage, Slot } from './page-types';
import { TimePicker } from './time-picker';

type Managed = ManagedBookingFieldsFragment;
type Mode = 'view' | 'cancel' | 'move';

interface Props {
  t: Translate;
  language: Language;
  onLanguage: (language: Language) => void;
  token: string;
}

/**
 * A booking's manage link (issue 61 item 4): the booking as it is now; while the salon's window is open, cancel it or
 * move it to another free time of the same services and master; after, the salon's phone to call.
 */
export function ManageApp({ t, language, onLanguage, token }: Props) {
  const [booking, setBooking] = useState<Managed | null | undefined>(undefined);
  const [page, setPage] = useState<BookingPage | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [slot, setSlot] = useState<Slot | null>(null);
  const [done, setDone] = useState<'moved' | 'cancelled' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PageError | null>(null);

  useEffect(() => {
    let live = true;
    ask(ManagedBookingDocument, { token, lang: language }).then(
      ({ managedBooking }) => live && setBooking(managedBooking),
      (e: unknown) => live && setError(pageErrorOf(e)),
    );
    return () => {
      live = false;
    };
  }, [token, language]);

  useEffect(() => {
    document.title = booking ? t('book.manageTitleOf', { salon: booking.salon }) : t('book.manageTitle');
  }, [booking, t]);

  const slug = booking?.slug ?? null;
  useEffect(() => {
    if (mode !== 'move' || !slug) return;
    let live = true;
    ask(BookingPageDocument, { slug, lang: language }).then(
      ({ bookingPage }) => live && setPage(bookingPage),
      (e: unknown) => live && setError(pageErrorOf(e)),
    );
    return () => {
      live = false;
    };
  }, [mode, slug, language]);

  const act = async (run: () => Promise<Managed>, outcome: 'moved' | 'cancelled') => {
    setBusy(true);
    setError(null);
    try {
      setBooking(await run());
      setDone(outcome);
      setMode('view');
      setSlot(null);
    } catch (e) {
      setError(pageErrorOf(e));
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => act(async () => (await ask(CancelBookingDocument, { input: { token, lang: language } })).cancelBooking, 'cancelled');
  const move = (startAt: string) =>
    act(async () => (await ask(MoveBookingDocument, { input: { token, startAt, lang: language } })).moveBooking, 'moved');

  const header = <PageHeader t={t} language={language} onLanguage={onLanguage} title={booking?.salon ?? t('book.manageTitle')} />;
  if (booking === undefined)
    return (
      <main className="page">
        {header}
        {error ? <ErrorNote t={t} error={error} /> : <p className="note">{t('book.loading')}</p>}
      </main>
    );
  if (booking === null)
    return (
      <main className="page">
        {header}
        <p className="note">{t('book.manageNotFound')}</p>
      </main>
    );

  const canChange = Boolean(booking.changeUntil) && !booking.cancelled;
  return (
    <main className="page">
      {header}
      <section aria-labelledby="manage-title">
        <h2 id="manage-title">{t('book.manageTitle')}</h2>
        {done === 'moved' ? (
          <p className="success-note" role="status">
            {t('book.moved')}
          </p>
        ) : null}
        {booking.cancelled ? (
          <p className={done === 'cancelled' ? 'success-note' : 'note'} role="status">
            {t('book.cancelled')}
          </p>
        ) : null}
        <Summary
          rows={[
            [t('book.services'), booking.services],
            [t('book.master'), booking.master],
            [t('book.time'), booking.startAt ? when(t, language, booking.startAt) : null],
            [t('book.address'), booking.address],
          ]}
        />
        {error ? <ErrorNote t={t} error={error} /> : null}
        {canChange && booking.changeUntil && mode === 'view' ? (
          <>
            <p>{t('book.changeUntilText', { until: when(t, language, booking.changeUntil) })}</p>
            <div className="actions">
              {slug ? (
                <button type="button" className="button" onClick={() => setMode('move')}>
                  {t('book.move')}
                </button>
              ) : null}
              <button type="button" className="button danger" onClick={() => setMode('cancel')}>
                {t('book.cancel')}
              </button>
            </div>
          </>
        ) : null}
        {!canChange && !booking.cancelled ? (
          <p>
            {t('book.changeClosed')} {booking.phone ? <CallLink phone={booking.phone} /> : null}
          </p>
        ) : null}
        {mode === 'cancel' ? (
          <div className="confirm-box" role="group" aria-labelledby="cancel-ask">
            <p id="cancel-ask">{t('book.cancelAsk')}</p>
            <div className="actions">
              <button type="button" className="button danger" disabled={busy} onClick={() => void cancel()}>
                {t('book.cancelYes')}
              </button>
              <button type="button" className="button secondary" onClick={() => setMode('view')}>
                {t('book.cancelNo')}
              </button>
            </div>
          </div>
        ) : null}
      </section>
      {mode === 'move' && slug ? (
        <section aria-labelledby="move-title">
          <h2 id="move-title">{t('book.timeTitle')}</h2>
          {page ? (
            <TimePicker
              t={t}
              language={language}
              question={{ slug, serviceIds: booking.serviceIds, masterId: booking.masterId, manageToken: token }}
              now={page.now}
              horizonDays={page.horizonDays}
              chosen={slot}
              onChoose={setSlot}
            />
          ) : (
            <p className="note">{t('book.loading')}</p>
          )}
          <div className="actions">
            {slot ? (
              <button type="button" className="button" disabled={busy} onClick={() => void move(slot.startAt)}>
                {t('book.moveTo', { when: when(t, language, slot.startAt) })}
              </button>
            ) : null}
            <button type="button" className="button secondary" onClick={() => setMode('view')}>
              {t('book.back')}
            </button>
          </div>
        </section>
      ) : null}
    </main>
  );
}
