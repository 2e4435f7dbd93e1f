import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useIntl, useT } from '../../i18n';
import { useBoxWidth } from '../use-box-width';

const HEIGHT = 220;
const ACCENT = '#7b3f61';
const SECOND = '#1e88e5';
const countOrBlank = (_u: uPlot, v: number | null) => (v == null ? '' : String(v));
const monthSeconds = (month: string) => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1) / 1000;

/**
 * Sign-ups and new salons per month over the last 12 months (issue 18 item 5, beyond the spec), drawn by uPlot.
 * Loads with the Statistics page only when there is an answer to draw (React.lazy).
 */
export default function SignupsChart({ months }: { months: ReadonlyArray<{ month: string; signUps: number; salons: number }> }) {
  const t = useT();
  const { locale } = useIntl();
  const [boxRef, width] = useBoxWidth();
  const holder = useRef<HTMLDivElement | null>(null);
  const label = t('statistics.chart');

  useEffect(() => {
    if (!holder.current) return;
    const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const xs = months.map((m) => monthSeconds(m.month));
    const options: uPlot.Options = {
      width: Math.max(width, 200),
      height: HEIGHT,
      cursor: { y: false },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
      axes: [
        // One tick per month, its short name (the year is in the legend as the cursor moves).
        { splits: () => xs, values: (_u, splits) => splits.map((s) => monthFormat.format(new Date(s * 1000))), grid: { show: false } },
        { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
      ],
      series: [
        { label: t('statistics.chart.month'), value: (_u, v) => (v == null ? '' : monthYear.format(new Date(v * 1000))) },
        // Away from the cursor a series shows no value, not uPlot's "--" (issue 60 item 11).
        { label: t('statistics.chart.signUps'), stroke: ACCENT, width: 2, points: { show: true }, value: countOrBlank },
        { label: t('statistics.chart.salons'), stroke: SECOND, width: 2, points: { show: true }, value: countOrBlank },
      ],
    };
    const data: uPlot.AlignedData = [xs, months.map((m) => m.signUps), months.map((m) => m.salons)];
    const plot = new uPlot(options, data, holder.current);
    return () => plot.destroy();
  }, [months, locale, width, t]);

  return (
    <figure className="chart-figure" ref={boxRef}>
      <figcaption>{label}</figcaption>
      <div ref={holder} role="img" aria-label={label} data-testid="signups-chart" />
    </figure>
  );
}
