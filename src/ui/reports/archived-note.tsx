import type { ArchivedRevenue } from '../../domain/rules/report';
import { formatEuros } from '../../domain/rules/money';
import { canToggleArchiveView } from '../../domain/rules/settings';
import { useIntl, useT } from '../../i18n';
import { Button } from '../button';
import { useSalonSettings } from '../salon/use-salon';
import { updateSession } from '../../db/session';
import { useSession } from '../session/use-session';

/**
 * What the range's archived sales and appointments add (issue 59 item 2): left out of the totals, with one click to
 * count them (Show Archive, the same view as the timetable's), or counted, with one click to leave them out again.
 * Shown to whoever may turn the archive view on, and only when the range holds any.
 */
export function ArchivedNote({ archived }: { archived: ArchivedRevenue }) {
  const t = useT();
  const { locale } = useIntl();
  const session = useSession();
  const settings = useSalonSettings();
  if (archived.invoices === 0 || !session || !settings || !canToggleArchiveView(session, settings)) return null;
  const values = { amount: formatEuros(archived.total, locale), count: archived.invoices };
  return (
    <p className="report-archived" data-testid="report-archived">
      <span>{t(archived.included ? 'report.archived.included' : 'report.archived.leftOut', values)}</span>
      <Button variant="secondary" onPress={() => void updateSession({ showArchive: !archived.included })}>
        {t(archived.included ? 'report.archived.leaveOut' : 'report.archived.include')}
      </Button>
    </p>
  );
}
