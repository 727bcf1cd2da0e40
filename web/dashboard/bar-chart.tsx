// One bar chart of the dashboard (decision 068), drawn as SVG: a value axis formatted as the tables write
// figures, a category axis, stacked series with a legend, each value a bar that shows it on hover and on
// keyboard focus and, when it counts a list, opens it on a click or Enter. Tab enters the chart on one
// bar; the arrow keys, Home and End move between bars (a 36 × 10 chart is one tab stop, not 360).
import { type KeyboardEvent, type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import * as ui from './dashboard.css';
import { formatValue, type Unit } from './format';
import { bands, niceTicks } from './scale';

export interface ChartItem {
  key: string;
  label: string;
  /** A series' colour in the palette (dashboard.css.ts), when it must not depend on its place. */
  tone?: number;
}

/** What a chart draws: `values[s][c]` is series `s` in category `c`. */
export interface ChartData {
  unit: Unit;
  categories: ChartItem[];
  series: ChartItem[];
  values: number[][];
}

/** The list a value counts, if any: a path with its query. */
export type BarLink = (category: ChartItem, series: ChartItem) => string | null;

export interface Bar {
  category: number;
  series: number;
  value: number;
  /** What the bar's tooltip and accessible name say: 'Réalisée, janv. 2026 : 12'. */
  text: string;
}

/** The bars drawn, category by category, series from the bottom up; zeros are not drawn. */
export function barsOf(data: ChartData): Bar[] {
  const bars: Bar[] = [];
  data.categories.forEach((category, c) => {
    data.series.forEach((series, s) => {
      const value = data.values[s]?.[c] ?? 0;
      if (value === 0) return;
      const name = data.series.length > 1 ? `${series.label}, ${category.label}` : category.label;
      bars.push({ category: c, series: s, value, text: `${name} : ${formatValue(value, data.unit)}` });
    });
  });
  return bars;
}

/** The total of each category (its values added). */
export const totalsOf = (data: ChartData) =>
  data.categories.map((_, c) => data.series.reduce((sum, _s, s) => sum + (data.values[s]?.[c] ?? 0), 0));

/** Each bar's ends: positive values stack up from zero, negative ones down from it, series in order. */
function stackBars(bars: Bar[]) {
  const up = new Map<number, number>();
  const down = new Map<number, number>();
  return bars.map((bar) => {
    const stack = bar.value >= 0 ? up : down;
    const from = stack.get(bar.category) ?? 0;
    stack.set(bar.category, from + bar.value);
    return { from, to: from + bar.value };
  });
}

const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 28 };
const LEGEND_ROW = 18;
/** The width of a character of the axis's 11 px text, about. */
const CHAR = 6.2;
const MAX_BAR = 72;

/** The legend laid out in rows of `width`: each item's x and row (its text's width estimated). */
function legendLayout(series: ChartItem[], width: number) {
  let x = 0;
  let row = 0;
  return series.map((item) => {
    const w = 18 + Math.min(item.label.length, 40) * 7.2 + 14;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    const at = { x, row, label: item.label.length > 40 ? `${item.label.slice(0, 39)}…` : item.label };
    x += w;
    return at;
  });
}

/** The chart's width in px, followed as its box changes (640 until measured, and in tests). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry.contentRect.width);
      if (next > 0) setWidth(next);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function BarChart({
  id,
  title,
  data,
  link,
  months = false,
  svgRef,
}: {
  id: string;
  /** The chart's name (its panel's title). */
  title: string;
  data: ChartData;
  link?: BarLink;
  /** The categories are months: their labels are thinned rather than cut. */
  months?: boolean;
  svgRef?: (svg: SVGSVGElement | null) => void;
}) {
  const [boxRef, width] = useWidth();
  const [, navigate] = useLocation();
  const [active, setActive] = useState(0);
  const [shown, setShown] = useState<number | null>(null);
  const barRefs = useRef<Array<SVGRectElement | null>>([]);

  const bars = barsOf(data);
  const ends = stackBars(bars);
  // Durations step by whole hours: the ticks are drawn in hours, then read back in minutes.
  const perTick = data.unit === 'minutes' ? 60 : 1;
  const ticks = niceTicks(
    Math.min(0, ...ends.map((e) => e.to)) / perTick,
    Math.max(0, ...ends.map((e) => e.to)) / perTick,
  ).map((tick) => tick * perTick);
  const bottom = ticks[0];
  const top = ticks[ticks.length - 1];
  const tickWidth = Math.max(...ticks.map((t) => formatValue(t, data.unit).length)) * CHAR + 10;
  const left = Math.ceil(tickWidth);
  const plotRight = width - MARGIN.right;
  const legend = data.series.length > 1 ? legendLayout(data.series, width - left) : [];
  const legendRows = legend.length ? legend[legend.length - 1].row + 1 : 0;
  const plotBottom = HEIGHT - MARGIN.bottom;
  const height = HEIGHT + (legendRows ? legendRows * LEGEND_ROW + 8 : 0);
  const y = (value: number) => plotBottom - ((value - bottom) / (top - bottom)) * (plotBottom - MARGIN.top);
  const spread = bands(data.categories.length, left, plotRight);
  // A few categories in a wide chart: bars no wider than MAX_BAR, in the middle of their band.
  const band = {
    ...spread,
    width: Math.min(spread.width, MAX_BAR),
    x: (index: number) => spread.x(index) + (spread.width - Math.min(spread.width, MAX_BAR)) / 2,
  };
  // Months thinned so that they never overlap (every `step`-th one); a name cut to its band, whole in its
  // bar's tooltip, name and the data table.
  const labelWidth = Math.max(...data.categories.map((c) => c.label.length), 1) * CHAR + 8;
  const step = months ? Math.max(1, Math.ceil(labelWidth / Math.max(band.band, 1))) : 1;
  const fits = Math.max(3, Math.floor((band.band - 4) / CHAR));
  const axisLabel = (label: string) =>
    months || label.length <= fits ? label : `${label.slice(0, fits - 1)}…`;

  const toneOf = (s: number) => ui.fill[(data.series[s].tone ?? s) % ui.PALETTE.length];
  const hrefOf = (bar: Bar) => link?.(data.categories[bar.category], data.series[bar.series]) ?? null;
  const focusBar = (index: number) => {
    const next = Math.max(0, Math.min(bars.length - 1, index));
    setActive(next);
    barRefs.current[next]?.focus();
  };
  const onKeyDown = (index: number, event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: bars.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusBar(moves[event.key]);
      return;
    }
    const href = hrefOf(bars[index]);
    if (href && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      navigate(href);
    }
  };
  const onClick = (index: number, event: MouseEvent) => {
    const href = hrefOf(bars[index]);
    if (href) {
      event.preventDefault();
      navigate(href);
    }
  };

  const tip = shown === null ? null : bars[shown];
  const tipX = tip ? band.x(tip.category) + band.width / 2 : 0;
  const tipY = shown === null ? 0 : y(Math.max(ends[shown].from, ends[shown].to));

  return (
    <div ref={boxRef} className={ui.chart}>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG holds no fieldset; the group names the bars it holds */}
      <svg
        ref={svgRef}
        className={ui.svg}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-labelledby={`${id}-title`}
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id={`${id}-title`}>{title}</title>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a group of lines and texts takes no focus; the bars say their values */}
        <g aria-hidden="true">
          {ticks.map((tick) => (
            <g key={tick}>
              <line className={ui.gridLine} x1={left} x2={plotRight} y1={y(tick)} y2={y(tick)} />
              <text className={ui.axisText} x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {formatValue(tick, data.unit)}
              </text>
            </g>
          ))}
          <line className={ui.axisLine} x1={left} x2={plotRight} y1={y(0)} y2={y(0)} />
          {data.categories.map((category, c) =>
            c % step === 0 ? (
              <text
                key={category.key}
                className={ui.axisText}
                x={band.x(c) + band.width / 2}
                y={plotBottom + 16}
                textAnchor="middle"
              >
                {axisLabel(category.label)}
              </text>
            ) : null,
          )}
        </g>
        {bars.map((bar, index) => {
          const { from, to } = ends[index];
          const linked = hrefOf(bar) !== null;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: its role is 'link' or 'img', chosen by whether it opens a list
            <rect
              key={`${bar.category}-${bar.series}`}
              ref={(el) => {
                barRefs.current[index] = el;
              }}
              className={`${ui.bar} ${toneOf(bar.series)}`}
              x={band.x(bar.category)}
              width={Math.max(band.width, 1)}
              y={y(Math.max(from, to))}
              height={Math.max(Math.abs(y(from) - y(to)), 1)}
              tabIndex={index === active ? 0 : -1}
              role={linked ? 'link' : 'img'}
              aria-label={linked ? `${bar.text} (voir la liste)` : bar.text}
              data-value={bar.value}
              onFocus={() => {
                setActive(index);
                setShown(index);
              }}
              onBlur={() => setShown(null)}
              onMouseEnter={() => setShown(index)}
              onMouseLeave={() => setShown(null)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onClick={(event) => onClick(index, event)}
            />
          );
        })}
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the legend takes no focus; each bar names its series */}
        <g aria-hidden="true">
          {legend.map((item, s) => (
            <g
              key={data.series[s].key}
              transform={`translate(${left + item.x} ${HEIGHT + item.row * LEGEND_ROW})`}
            >
              <rect className={toneOf(s)} width={12} height={12} y={-1} rx={2} />
              <text className={ui.legendText} x={18} y={9}>
                {item.label}
              </text>
            </g>
          ))}
        </g>
      </svg>
      {tip && (
        <div
          className={ui.tooltip}
          role="tooltip"
          aria-hidden="true"
          style={{ left: `${(tipX / width) * 100}%`, top: `${(tipY / height) * 100}%` }}
        >
          {tip.text}
        </div>
      )}
    </div>
  );
}
