import { useEffect, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatEuros } from '../../domain/rules/money';
import { useIntl } from '../../i18n';
import { useBoxWidth } from '../use-box-width';
import { dayBarsRange } from './chart-days';

const HEIGHT = 220;
const seconds = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 1000;
const ACCENT = '#7b3f61';
const EARLIER = '#6c5f68';
type Day = { date: string; total: number };

/**
 * Revenue by day over the report's range (issue 17 item 7) as bars, drawn by uPlot; with `previous`, the period of
 * equal length before it as a dashed line over the bars, day by day from the first (issue 59 item 6). This module
 * and uPlot load only when a report with a range of more than one day is shown (React.lazy in reports-page.tsx).
 */
export default function RevenueChart({
  days,
  previous,
  label,
  previousLabel,
  compare,
}: {
  days: Day[];
  previous?: Day[];
  label: string;
  previousLabel: string;
  /** The control that turns the overlay on and off, shown in the caption. */
  compare: ReactNode;
}) {
  const { locale } = useIntl();
  const [boxRef, width] = useBoxWidth();
  const holder = useRef<HTMLDivElement | null>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    if (!holder.current) return;
    const money = (cents: number) => formatEuros(Math.round(cents), locale);
    const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const options: uPlot.Options = {
      width: Math.max(width, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { y: false },
      // Half a day each side: the first and last bars are whole, not cut at the edges (issue 60 item 13).
      scales: {
        x: { time: true, range: (_u, min, max) => dayBarsRange(min, max) },
        y: { range: (_u, _min, max) => [0, Math.max(max, 100)] },
      },
      axes: [
        {
          // Ticks on whole days only: one, two, a week or a month apart as the width allows.
          incrs: [1, 2, 7, 14, 30].map((n) => n * 86_400),
          values: (_u, splits) => splits.map((s) => dayFormat.format(new Date(s * 1000))),
          grid: { show: false },
        },
        { values: (_u, splits) => splits.map((s) => money(s)), size: 80 },
      ],
      series: [
        {},
        { label, stroke: ACCENT, fill: 'rgba(123, 63, 97, 0.35)', paths: uPlot.paths.bars?.({ size: [0.7, 40] }), points: { show: false } },
        ...(previous ? [{ label: previousLabel, stroke: EARLIER, width: 2, dash: [6, 4], points: { show: false } }] : []),
      ],
    };
    const data: uPlot.AlignedData = [
      days.map((d) => seconds(d.date)),
      days.map((d) => d.total),
      ...(previous ? [days.map((_d, i) => previous[i]?.total ?? null)] : []),
    ];
    plot.current?.destroy();
    plot.current = new uPlot(options, data, holder.current);
    return () => {
      plot.current?.destroy();
      plot.current = null;
    };
  }, [days, previous, label, previousLabel, locale, width]);

  return (
    <figure className="chart-figure" ref={boxRef}>
      <figcaption className="chart-caption">
        <span className="chart-key chart-key-now">{label}</span>
        {previous ? <span className="chart-key chart-key-before">{previousLabel}</span> : null}
        <span className="chart-caption-end">{compare}</span>
      </figcaption>
      <div
        ref={holder}
        role="img"
        aria-label={previous ? `${label}; ${previousLabel}` : label}
        data-testid="revenue-chart"
        data-series={previous ? 2 : 1}
      />
    </figure>
  );
}
