import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartBar {
  readonly label: string;
  readonly value: number;
  /** The previous period's value at the same place (its same day), drawn as a line over the bars. */
  readonly previous?: number;
}

const HEIGHT = 220;
const MAX_LABELS = 12;

/**
 * Bars drawn by uPlot (decision 045: small, canvas, loaded only with the reports' route). The canvas is
 * hidden from assistive technology: every chart is given with its table and a spoken summary beside it.
 * Values are euros (cents / 100) for the axis; the table keeps the exact figures.
 */
export function ReportChart({
  bars,
  summary,
  chartKey,
}: {
  bars: readonly ChartBar[];
  summary: string;
  /** Says what the bars and the line are, when there is a line. */
  chartKey?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target || bars.length === 0) return;
    const labels = bars.map((bar) => bar.label);
    const every = Math.ceil(bars.length / MAX_LABELS);
    const compared = bars.some((bar) => bar.previous !== undefined);
    const plot = new uPlot(
      {
        width: Math.max(target.clientWidth, 240),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, bars.length - 0.5] },
          y: { range: (_u, _min, max) => [0, max || 1] },
        },
        axes: [
          {
            // One label in `every` when the bars are many (a month's days), so they never overlap.
            splits: () => labels.map((_label, index) => index).filter((index) => index % every === 0),
            values: (_u, splits) => splits.map((index) => labels[index] ?? ''),
            gap: 4,
            size: 40,
          },
          { size: 56 },
        ],
        series: [
          {},
          {
            fill: 'rgba(196, 85, 36, 0.75)',
            stroke: 'rgb(160, 64, 22)',
            paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
            points: { show: false },
          },
          ...(compared
            ? [{ stroke: 'rgb(40, 40, 40)', width: 2, dash: [6, 4], points: { show: false } }]
            : []),
        ],
      },
      compared
        ? [
            labels.map((_label, index) => index),
            bars.map((bar) => bar.value),
            bars.map((bar) => bar.previous ?? 0),
          ]
        : [labels.map((_label, index) => index), bars.map((bar) => bar.value)],
      target,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(target.clientWidth, 240), height: HEIGHT }),
    );
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [bars]);
  return (
    <div className="report-chart">
      <div role="img" aria-label={summary}>
        <div ref={box} aria-hidden="true" />
      </div>
      {chartKey && (
        <p className="report-chart__key" aria-hidden="true">
          {chartKey}
        </p>
      )}
    </div>
  );
}
