import { useState } from 'react';
import { Docs, request } from '../../api';
import { dayText } from '../../domain/rules/time';
import { durationText, type SeminarType } from '../../domain/schemas/seminar';
import { useT } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { FormMessage } from '../form-message';
import { OfflineNote } from '../offline-note';
import { useOnline } from '../use-online';
import { useServerError } from '../use-server-error';
import { YesNoDialog } from '../yes-no-dialog';
import { refreshSeminars, useSalonSeminars, type SalonSeminar } from './use-seminars';

/**
 * Seminars in a salon (issue 19 item 4, decision 046): the upcoming seminars of the suppliers connected to the
 * salon, with the places left; a master of the salon signs up or gives the place back (online).
 */
export function SalonSeminars() {
  const t = useT();
  const online = useOnline();
  const salon = useSession()?.salon ?? null;
  const query = useSalonSeminars(salon, online);
  const list = query.data?.getSalonSeminars;
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.seminars')}</h1>
      </div>
      <OfflineNote online={online} updatedAt={query.dataUpdatedAt} />
      {query.isError ? <FormMessage>{t('error.default')}</FormMessage> : null}
      {list && list.length === 0 ? <p className="empty">{t('seminar.noneUpcoming')}</p> : null}
      <div className="seminar-cards">
        {(list ?? []).map((s) => (
          <SeminarCard key={s.id} seminar={s} salon={salon as string} online={online} />
        ))}
      </div>
    </section>
  );
}

function SeminarCard({ seminar: s, salon, online }: { seminar: SalonSeminar; salon: string; online: boolean }) {
  const t = useT();
  const server = useServerError('seminarSignUp');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const left = Math.max(0, s.placeCount - s.visitorCount);
  const act = async () => {
    server.clear();
    setBusy(true);
    try {
      const input = { input: { salon, seminar: s.id } };
      if (s.signedUp) await request(Docs.CancelSeminarSignUpDocument, input);
      else await request(Docs.SignUpForSeminarDocument, input);
    } catch (error) {
      server.report(error);
    } finally {
      await refreshSeminars();
      setBusy(false);
    }
  };
  return (
    <article className="seminar-card" aria-label={s.name} data-testid="salon-seminar">
      <h2>{s.name}</h2>
      <p className="muted">
        {`${dayText(s.startAt.slice(0, 10))} ${s.startAt.slice(11, 16)} · ${durationText(s.duration)} · ${t(`seminar.type.${s.type as SeminarType}`)} · ${s.supplier}`}
      </p>
      {s.description ? <p>{s.description}</p> : null}
      <p data-testid="seminar-places">{t('seminar.placesLeft', { left, total: s.placeCount })}</p>
      {s.banner ? (
        <a href={s.banner} target="_blank" rel="noreferrer">
          {t('seminar.bannerPreview')}
        </a>
      ) : null}
      <FormMessage>{server.formError}</FormMessage>
      <div className="form-actions">
        {s.signedUp ? <span className="lookup-found">✓ {t('seminar.signedUp')}</span> : null}
        <Button
          variant={s.signedUp ? 'secondary' : 'primary'}
          isDisabled={busy || !online || (!s.signedUp && left === 0)}
          // Giving the place back is asked first: it may go to another salon at once (issue 60 item 10).
          onPress={() => (s.signedUp ? setConfirming(true) : void act())}
        >
          {t(s.signedUp ? 'seminar.cancelSignUp' : 'seminar.signUp')}
        </Button>
      </div>
      {confirming ? (
        <YesNoDialog
          title={t('seminar.cancelSignUp')}
          question={t('seminar.cancelSignUp.question', { name: s.name })}
          onYes={() => {
            setConfirming(false);
            void act();
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </article>
  );
}
