/**
 * A line chart by day (uPlot, drawn on a canvas): one or two y axes, colours from Telegram's theme,
 * as wide as its box on a phone or a desktop. Values are plotted as numbers (money strings turned
 * into numbers only here, for drawing).
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { cssColor } from './telegram.js';

const DAY_S = 86_400;

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  /** Plotted against the right-hand axis (USD beside Stars). */
  right?: boolean;
}

export function DayChart(props: {
  days: string[];
  series: ChartSeries[];
  rightLabel?: string;
  leftLabel?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = cssColor('--hint', '#888');
    const grid = cssColor('--separator', 'rgba(127,127,127,0.2)');
    const x = props.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const hasRight = props.series.some((s) => s.right);
    const axis = (scale: string, side: 0 | 1, label?: string): uPlot.Axis => ({
      scale,
      side: side === 0 ? 3 : 1,
      stroke: text,
      grid: { stroke: grid, width: 1, show: side === 0 },
      ticks: { stroke: grid, width: 1 },
      size: 48,
      ...(label && { label, labelSize: 16 }),
    });
    const opts: uPlot.Options = {
      width: el.clientWidth || 320,
      height: Math.max(180, Math.min(320, Math.round((el.clientWidth || 320) * 0.55))),
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, l: {}, r: {} },
      axes: [
        {
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid, width: 1 },
          // Whole days only: a day, a week or a month between ticks, as 03-12.
          incrs: [DAY_S, 7 * DAY_S, 30 * DAY_S],
          space: 48,
          values: (_u, splits) => splits.map((s) => new Date(s * 1000).toISOString().slice(5, 10)),
        },
        axis('l', 0, props.leftLabel),
        ...(hasRight ? [axis('r', 1, props.rightLabel)] : []),
      ],
      series: [
        {},
        ...props.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          scale: s.right ? 'r' : 'l',
          points: { show: props.days.length <= 31 },
        })),
      ],
    };
    const plot = new uPlot(opts, [x, ...props.series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => {
      const width = el.clientWidth;
      if (width > 0) plot.setSize({ width, height: Math.max(180, Math.min(320, Math.round(width * 0.55))) });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [props.days, props.series, props.leftLabel, props.rightLabel]);
  return <div class="chart" ref={box} />;
}
