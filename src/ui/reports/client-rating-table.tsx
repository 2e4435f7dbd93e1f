import { dayText } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { fullName } from '../salon/use-clients';
import { useSalonNow } from '../salon/use-salon';
import { useClientRating } from './use-report';
import { formatPhoneAsTyped } from '../../domain/schemas/phone';

/** Client rating (part 2 §2, §3): clients by visits from the mirror, offline too. */
export function ClientRatingTable() {
  const t = useT();
  const rating = useClientRating(useSalonNow());
  if (rating === undefined) return <p className="muted">{t('app.loading')}</p>;
  if (rating.length === 0) return <p className="empty">{t('report.rating.empty')}</p>;
  return (
    <table className="table" aria-label={t('report.kind.client_rating')}>
      <thead>
        <tr>
          <th scope="col">{t('report.rating.client')}</th>
          <th scope="col">{t('report.rating.phone')}</th>
          <th scope="col" className="num">
            {t('report.rating.visits')}
          </th>
          <th scope="col">{t('report.rating.first')}</th>
          <th scope="col">{t('report.rating.last')}</th>
        </tr>
      </thead>
      <tbody>
        {rating.map((e) => (
          <tr key={e.id}>
            <td>{fullName(e)}</td>
            <td>{e.phone ? formatPhoneAsTyped(e.phone) : '—'}</td>
            <td className="num">{e.totalVisits}</td>
            <td>{dayText(e.firstVisit)}</td>
            <td>{dayText(e.lastVisit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
