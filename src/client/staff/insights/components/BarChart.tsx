import { useId } from 'react';
import { formatCount } from '../../ui/format.js';

export interface Bar {
  label: string;
  count: number;
}

const BAR_HEIGHT = 24;
const GAP = 8;
const LABEL_WIDTH = 200;
const WIDTH = 600;

/**
 * Horizontal bars, right to left, drawn as inline SVG: a title and a summary the screen reader
 * reads, each bar focusable by keyboard with its label and count, and the same numbers in the
 * table beside it (`tableId`), which is the chart's text alternative.
 */
export function BarChart({
  title,
  summary,
  bars,
  tableId,
}: {
  title: string;
  summary: string;
  bars: readonly Bar[];
  tableId: string;
}) {
  const id = useId();
  const most = Math.max(1, ...bars.map((bar) => bar.count));
  const height = Math.max(1, bars.length) * (BAR_HEIGHT + GAP);
  return (
    <figure className="staff-insights-chart">
      <svg
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc ${tableId}`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {bars.map((bar, index) => {
          const y = index * (BAR_HEIGHT + GAP);
          const width = ((WIDTH - LABEL_WIDTH - 70) * bar.count) / most;
          const count = formatCount(bar.count);
          return (
            <g key={`${bar.label}-${index}`} role="img" aria-label={`${bar.label}: ${count}`} tabIndex={0}>
              <text x={WIDTH} y={y + BAR_HEIGHT * 0.7} textAnchor="start" aria-hidden="true">
                {bar.label}
              </text>
              <rect x={WIDTH - LABEL_WIDTH - width} y={y} width={Math.max(width, 1)} height={BAR_HEIGHT} rx={3} />
              <text x={WIDTH - LABEL_WIDTH - width - 6} y={y + BAR_HEIGHT * 0.7} textAnchor="start" aria-hidden="true">
                {count}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>{title}</figcaption>
    </figure>
  );
}
