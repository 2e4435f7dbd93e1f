import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { MAX_BOOKED_SERVICES } from '../domain/rules/online-booking';
import { ask, pageErrorOf, type PageError } from './api';
import { duration, money, when } from './format';
import { BookingPageDocument, type ConfirmBookingMutation } from './generated';
import type { Language, Translate } from './i18n';
import { CallLink, ErrorNote, PageHeader, Summary } from './parts';
import type { BookingPage, Slot } from './page-types';
import { TimePicker } from './time-picker';

type Booked = ConfirmBookingMutation['confirmBooking'] & { email: string };

/** The details form loads once a time is chosen: its schema, phone rules and proof of work are not on the first paint. */
const DetailsStep = lazy(() => import('./details-step'));

const STEPS = ['services', 'master', 'time', 'details'] as const;
type Step = (typeof STEPS)[number] | 'done';

interface Props {
  t: Translate;
  language: Language;
  onLanguage: (language: Language) => void;
  slug: string;
  /** The page as the server wrote it into the HTML, in its language; null: no page at this address. */
  initial: BookingPage | null;
  initialLanguage: string | undefined;
}

/**
 * The salon's booking page (issue 61 item 2): services (done one after another), a master or any, a day and a time
 * from the free ones, the client's details and the e-mailed code; then the booking and its manage link.
 */
export function BookingApp({ t, language, onLanguage, slug, initial, initialLanguage }: Props) {
  const [page, setPage] = useState<BookingPage | null>(initial);
  const [pageError, setPageError] = useState<PageError | null>(null);
  const [step, setStep] = useState<Step>('services');
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [masterId, setMasterId] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);

  // Names are in the page's language: asked again when the client's differs from the one the server guessed.
  useEffect(() => {
    if (!initial || language === initialLanguage) return;
    let live = true;
    ask(BookingPageDocument, { slug, lang: language }).then(
      ({ bookingPage }) => live && bookingPage && setPage(bookingPage),
      (e: unknown) => live && setPageError(pageErrorOf(e)),
    );
    return () => {
      live = false;
    };
  }, [initial, initialLanguage, language, slug]);

  useEffect(() => {
    document.title = page ? t('book.pageTitle', { salon: page.name }) : t('book.notFound');
  }, [page, t]);

  const chosen = useMemo(
    () => (page ? serviceIds.map((id) => page.services.find((s) => s.id === id)).filter((s) => s !== undefined) : []),
    [page, serviceIds],
  );
  const masters = useMemo(
    () => (page ? page.masters.filter((m) => chosen.every((s) => m.serviceGroupIds.includes(s.groupId))) : []),
    [page, chosen],
  );
  const master = page?.masters.find((m) => m.id === (slot?.masterId ?? masterId));
  const totalMinutes = chosen.reduce((sum, s) => sum + s.duration, 0);
  const totalPrice = chosen.reduce((sum, s) => sum + Number(s.price), 0);

  if (!page)
    return (
      <main className="page">
        <PageHeader t={t} language={language} onLanguage={onLanguage} title={t('book.notFoundTitle')} />
        <p className="note">{t('book.notFound')}</p>
      </main>
    );

  const index = STEPS.indexOf(step as (typeof STEPS)[number]);
  const back = () => setStep(STEPS[Math.max(0, index - 1)] as Step);
  const toggle = (id: string) =>
    setServiceIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : ids.length >= MAX_BOOKED_SERVICES ? ids : [...ids, id]));
  const groups = [...new Set(page.services.map((s) => s.groupName))];
  // A service joins the chosen ones only when one master does them all: they are done one after another by one.
  const groupOf = new Map(page.services.map((s) => [s.id, s.groupId]));
  const together = (ids: string[]) => page.masters.some((m) => ids.every((id) => m.serviceGroupIds.includes(groupOf.get(id) ?? '')));
  const next = () => {
    if (step === 'services') {
      if (masterId && !masters.some((m) => m.id === masterId)) setMasterId(null);
      setStep('master');
    } else {
      setSlot(null);
      setStep('time');
    }
  };

  return (
    <main className="page">
      <PageHeader t={t} language={language} onLanguage={onLanguage} title={page.name}>
        {page.description ? <p className="description">{page.description}</p> : null}
        <p className="contacts">
          {page.address ? <span>{page.address}</span> : null}
          {page.phone ? <CallLink phone={page.phone} /> : null}
        </p>
      </PageHeader>
      {pageError ? <ErrorNote t={t} error={pageError} /> : null}
      {step !== 'done' ? (
        <div className="step-bar">
          {index > 0 ? (
            <button type="button" className="link-button" onClick={back}>
              {t('book.back')}
            </button>
          ) : (
            <span />
          )}
          <span className="step-count">{t('book.step', { step: index + 1, count: STEPS.length })}</span>
        </div>
      ) : null}

      {step === 'services' ? (
        <section aria-labelledby="services-title">
          <h2 id="services-title">{t('book.servicesTitle')}</h2>
          <p className="note">{t('book.servicesHint', { count: MAX_BOOKED_SERVICES })}</p>
          {groups.map((group) => (
            <fieldset key={group} className="choices">
              <legend>{group}</legend>
              {page.services
                .filter((s) => s.groupName === group)
                .map((s) => {
                  const checked = serviceIds.includes(s.id);
                  const apart = !checked && !together([...serviceIds, s.id]);
                  return (
                    <label key={s.id} className="choice">
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && (apart || serviceIds.length >= MAX_BOOKED_SERVICES)}
                        onChange={() => toggle(s.id)}
                      />
                      <span className="choice-name">{s.name}</span>
                      <span className="choice-meta">
                        {apart ? t('book.notTogether') : `${duration(t, s.duration)} · ${money(language, Number(s.price))}`}
                      </span>
                    </label>
                  );
                })}
            </fieldset>
          ))}
        </section>
      ) : null}

      {step === 'master' ? (
        <section aria-labelledby="master-title">
          <h2 id="master-title">{t('book.masterTitle')}</h2>
          <fieldset className="choices">
            <legend className="visually-hidden">{t('book.masterTitle')}</legend>
            <label className="choice">
              <input type="radio" name="master" checked={masterId === null} onChange={() => setMasterId(null)} />
              <span className="choice-name">{t('book.anyMaster')}</span>
              <span className="choice-meta">{t('book.anyMasterHint')}</span>
            </label>
            {masters.map((m) => (
              <label key={m.id} className="choice">
                <input type="radio" name="master" checked={masterId === m.id} onChange={() => setMasterId(m.id)} />
                <span className="choice-name">{m.name}</span>
              </label>
            ))}
          </fieldset>
        </section>
      ) : null}

      {step === 'time' ? (
        <section aria-labelledby="time-title">
          <h2 id="time-title">{t('book.timeTitle')}</h2>
          <TimePicker
            t={t}
            language={language}
            question={{ slug, serviceIds, masterId }}
            now={page.now}
            horizonDays={page.horizonDays}
            chosen={slot}
            onChoose={(s) => {
              setSlot(s);
              setStep('details');
            }}
          />
        </section>
      ) : null}

      {step === 'details' && slot ? (
        <Suspense fallback={<p className="note">{t('book.loading')}</p>}>
          <DetailsStep
            t={t}
            language={language}
            page={page}
            slug={slug}
            serviceIds={serviceIds}
            masterId={masterId}
            slot={slot}
            summary={[
              [t('book.services'), chosen.map((s) => s.name).join(', ')],
              [t('book.master'), master?.name],
              [t('book.time'), when(t, language, slot.startAt)],
            ]}
            onSlot={setSlot}
            onBooked={(done, email) => {
              setBooked({ ...done, email });
              setStep('done');
            }}
          />
        </Suspense>
      ) : null}

      {step === 'done' && booked ? (
        <section aria-labelledby="done-title" className="done">
          <h2 id="done-title">{t('book.doneTitle')}</h2>
          <Summary
            rows={[
              [t('book.services'), booked.services],
              [t('book.master'), booked.master],
              [t('book.time'), when(t, language, booked.startAt)],
              [t('book.address'), booked.address],
            ]}
          />
          <p>{t('book.doneText', { email: booked.email })}</p>
          {booked.changeUntil ? <p>{t('book.changeUntilText', { until: when(t, language, booked.changeUntil) })}</p> : null}
          <a className="button secondary" href={`/book/manage/${booked.manageToken}`}>
            {t('book.manageLink')}
          </a>
        </section>
      ) : null}

      {step === 'services' || step === 'master' ? (
        <div className="next-bar">
          <span className="next-summary" aria-live="polite">
            {chosen.length > 0
              ? t('book.chosen', { count: chosen.length, duration: duration(t, totalMinutes), price: money(language, totalPrice) })
              : t('book.chooseService')}
          </span>
          <button type="button" className="button" disabled={chosen.length === 0} onClick={next}>
            {t('book.next')}
          </button>
        </div>
      ) : null}
    </main>
  );
}
