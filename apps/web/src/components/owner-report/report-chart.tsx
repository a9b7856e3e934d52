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
 *
 * The bars' names are text under the canvas, not drawn on it: each is centred on its bar and never wider
 * than the room up to the next name shown, wrapping to two lines and then cut (a canvas drew ten dishes'
 * names over one another at 1280 px).
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
  const names = useRef<HTMLDivElement>(null);
  const every = Math.ceil(bars.length / MAX_LABELS);
  useEffect(() => {
    const target = box.current;
    if (!target || bars.length === 0) return;
    const labels = bars.map((bar) => bar.label);
    const compared = bars.some((bar) => bar.previous !== undefined);
    // The names' row spans the plotting area, wherever the y axis leaves it.
    const alignNames = (plot: uPlot) => {
      const row = names.current;
      if (!row) return;
      row.style.marginInlineStart = `${plot.over.offsetLeft}px`;
      row.style.width = `${plot.over.offsetWidth}px`;
    };
    const plot = new uPlot(
      {
        width: Math.max(target.clientWidth, 240),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, labels.length - 0.5] },
          y: { range: (_u, _min, max) => [0, max || 1] },
        },
        axes: [
          {
            splits: () => labels.map((_label, index) => index).filter((index) => index % every === 0),
            values: (_u, splits) => splits.map(() => ''),
            size: 8,
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
        hooks: { ready: [alignNames], setSize: [alignNames] },
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
  }, [bars, every]);
  return (
    <div className="report-chart">
      <div role="img" aria-label={summary}>
        <div aria-hidden="true">
          <div ref={box} />
          <div ref={names} className="report-chart__names">
            {bars.map((bar, index) =>
              index % every === 0 ? (
                <span
                  key={index}
                  className="report-chart__name"
                  style={{
                    insetInlineStart: `${((index + 0.5) * 100) / bars.length}%`,
                    maxWidth: `calc(${(every * 100) / bars.length}% - 0.25rem)`,
                  }}
                >
                  {bar.label}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      {chartKey && (
        <p className="report-chart__key" aria-hidden="true">
          {chartKey}
        </p>
      )}
    </div>
  );
}
