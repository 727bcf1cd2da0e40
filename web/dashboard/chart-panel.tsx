// A dashboard panel around one chart: its French title, a text summary for screen readers, the chart,
// 'Voir les données' (the same figures through the lists' DataTable), and the chart's download as SVG or PNG.
import { type ReactNode, useId, useRef, useState } from 'react';
import { saveBlob } from '../lib/api';
import { type Column, DataTable, loadedList } from '../ui/data-table';
import { DownloadIcon } from '../ui/icons';
import * as css from '../ui/theme.css';
import { BarChart, type BarLink, type ChartData, totalsOf } from './bar-chart';
import * as ui from './dashboard.css';
import { pngFile, svgFile } from './download';
import { formatValue } from './format';

interface TableRow {
  id: string;
  label: string;
  values: number[];
  total: number;
}

/** The chart's figures as rows, one per category, a column per series and the total. */
export function tableOf(data: ChartData): TableRow[] {
  const totals = totalsOf(data);
  return data.categories.map((category, c) => ({
    id: category.key,
    label: category.label,
    values: data.series.map((_, s) => data.values[s]?.[c] ?? 0),
    total: totals[c],
  }));
}

/** What a screen reader reads of the chart: its extent, its total, its highest category. */
export function summaryOf(title: string, data: ChartData): string {
  const totals = totalsOf(data);
  if (data.categories.length === 0 || totals.every((t) => t === 0)) return `${title} : aucune donnée.`;
  const total = totals.reduce((a, b) => a + b, 0);
  const highest = totals.indexOf(Math.max(...totals));
  const first = data.categories[0].label;
  const last = data.categories[data.categories.length - 1].label;
  const series = data.series.length > 1 ? ` en ${data.series.length} séries` : '';
  return (
    `${title}, de ${first} à ${last}${series} : ${formatValue(total, data.unit)} au total ; ` +
    `le plus haut : ${data.categories[highest].label} (${formatValue(totals[highest], data.unit)}).`
  );
}

export function ChartPanel({
  title,
  file,
  categoryHeader,
  data,
  link,
  months,
  children,
}: {
  title: string;
  /** The downloads' file name, without extension. */
  file: string;
  /** The table's first column ('Mois', 'Hôpital'…). */
  categoryHeader: string;
  /** Its categories are months. */
  months?: boolean;
  data: ChartData;
  link?: BarLink;
  /** Under the chart (a note, a link). */
  children?: ReactNode;
}) {
  const id = useId().replace(/:/g, '');
  const [table, setTable] = useState(false);
  const svg = useRef<SVGSVGElement | null>(null);
  const empty = totalsOf(data).every((t) => t === 0);
  const columns: Column<TableRow>[] = [
    { id: 'label', header: categoryHeader, oneLine: true, cell: (r) => r.label },
    ...(data.series.length > 1
      ? data.series.map(
          (series, s): Column<TableRow> => ({
            id: series.key,
            header: series.label,
            align: 'end',
            oneLine: true,
            cell: (r) => formatValue(r.values[s], data.unit),
          }),
        )
      : []),
    {
      id: 'total',
      header: 'Total',
      align: 'end',
      oneLine: true,
      cell: (r) => formatValue(r.total, data.unit),
    },
  ];
  return (
    <section className={ui.panel} aria-labelledby={`${id}-heading`}>
      <div className={ui.panelHeader}>
        <h3 id={`${id}-heading`} className={ui.panelTitle}>
          {title}
        </h3>
        {!empty && (
          <div className={ui.panelActions}>
            <button
              type="button"
              className={`${css.button.secondary} ${ui.smallButton}`}
              aria-expanded={table}
              aria-controls={`${id}-table`}
              onClick={() => setTable(!table)}
            >
              {table ? 'Masquer les données' : 'Voir les données'}
            </button>
            <button
              type="button"
              className={`${css.button.secondary} ${ui.smallButton} ${css.withIcon}`}
              aria-label={`Télécharger « ${title} » en SVG`}
              onClick={() => svg.current && saveBlob(svgFile(svg.current), `${file}.svg`)}
            >
              <DownloadIcon /> SVG
            </button>
            <button
              type="button"
              className={`${css.button.secondary} ${ui.smallButton} ${css.withIcon}`}
              aria-label={`Télécharger « ${title} » en PNG`}
              onClick={() =>
                svg.current && void pngFile(svg.current).then((png) => saveBlob(png, `${file}.png`))
              }
            >
              <DownloadIcon /> PNG
            </button>
          </div>
        )}
      </div>
      {empty ? (
        <p className={ui.status}>Aucune donnée sur cette période</p>
      ) : (
        <>
          <p className={css.visuallyHidden}>{summaryOf(title, data)}</p>
          <BarChart
            id={id}
            title={title}
            data={data}
            link={link}
            months={months}
            svgRef={(el) => {
              svg.current = el;
            }}
          />
          <div id={`${id}-table`} className={ui.tableBox} hidden={!table}>
            {table && (
              <DataTable
                label={title}
                columns={columns}
                list={loadedList(tableOf(data))}
                emptyText="Aucune donnée"
              />
            )}
          </div>
        </>
      )}
      {children}
    </section>
  );
}
