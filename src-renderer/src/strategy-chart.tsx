import type { CompareRow } from '../../src-shared/ipc';
import { RESCUE_COLUMN, STRATEGIES, strategyColumn } from './strategies';

const COLORS = ['#2f5d8a', '#c2185b', '#2e7d32', '#b26a00', '#6a1b9a', '#00838f', '#5d4037', '#455a64'];

interface ChartProps {
  rows: CompareRow[];
  metric: 'chunks' | 'orphanPercent' | 'unattributedPercent';
  title: string;
}

/** A round step (1, 2, 5 × 10^n) so four or five steps cover `v`; counts get whole-number ticks. */
const niceStep = (v: number): number => {
  const raw = Math.max(v / 4, 1);
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
};

/** Grouped bars: one group per strategy, one bar per document. Hand-drawn SVG, no chart library. */
function BarChart({ rows, metric, title }: ChartProps) {
  const W = 460;
  const H = 230;
  const pad = { l: 44, r: 8, t: 24, b: 34 };
  const plotW = W - pad.l - pad.r;
  const plotH = H - pad.t - pad.b;
  const value = (row: CompareRow, strategy: string) => row.strategies.find((s) => strategyColumn(s.strategy) === strategy)?.[metric] ?? 0;
  const columns = columnsOf(rows);
  const percent = metric !== 'chunks';
  const top = Math.max(1, ...rows.flatMap((r) => columns.map((s) => value(r, s.id))));
  const step = percent ? 25 : niceStep(top);
  const max = percent ? 100 : step * Math.ceil(top / step);
  const groupW = plotW / columns.length;
  const barW = Math.max(3, Math.min(22, (groupW - 12) / Math.max(1, rows.length)));
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  const y = (v: number) => pad.t + plotH - (v / max) * plotH;
  const fmt = (v: number) => (percent ? `${Math.round(v)}%` : String(Math.round(v * 10) / 10));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="chart" role="img" aria-label={title}>
      <text x={pad.l} y={14} className="chart-title">
        {title}
      </text>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={pad.l} x2={W - pad.r} y1={y(t)} y2={y(t)} className="grid" />
          <text x={pad.l - 6} y={y(t) + 4} className="tick" textAnchor="end">
            {fmt(t)}
          </text>
        </g>
      ))}
      {columns.map((s, gi) => {
        const gx = pad.l + gi * groupW + (groupW - barW * rows.length) / 2;
        return (
          <g key={s.id}>
            {rows.map((r, ri) => {
              const v = value(r, s.id);
              const h = Math.max(v > 0 ? 1 : 0, (v / max) * plotH);
              return (
                <rect key={ri} x={gx + ri * barW} y={pad.t + plotH - h} width={barW - 1} height={h} fill={COLORS[ri % COLORS.length]}>
                  <title>{`${r.fileName} · ${s.label}: ${fmt(v)}`}</title>
                </rect>
              );
            })}
            <text x={pad.l + gi * groupW + groupW / 2} y={H - pad.b + 16} textAnchor="middle" className={s.id === 'structural' ? 'tick strong' : 'tick'}>
              {s.label}
            </text>
          </g>
        );
      })}
      <line x1={pad.l} x2={W - pad.r} y1={pad.t + plotH} y2={pad.t + plotH} className="axis" />
    </svg>
  );
}

/** The fixed strategies, plus a "with context" column when a rescue row is present. */
function columnsOf(rows: CompareRow[]): { id: string; label: string }[] {
  const rescued = rows.some((r) => r.strategies.some((s) => s.rescue));
  return rescued ? [...STRATEGIES, { id: RESCUE_COLUMN, label: 'strukt. + kontekst' }] : STRATEGIES;
}

export function StrategyChart({ rows }: { rows: CompareRow[] }) {
  if (!rows.length) return null;
  const columns = columnsOf(rows);
  return (
    <figure className="strategy-chart" data-testid="strategy-chart">
      <div className="charts">
        <BarChart rows={rows} metric="chunks" title="Liczba fragmentów" />
        <BarChart rows={rows} metric="orphanPercent" title="Fragmenty bez swojego nagłówka (%)" />
        <BarChart rows={rows} metric="unattributedPercent" title="Fragmenty bez przypisania (%)" />
      </div>
      <figcaption>
        <ul className="legend">
          {rows.map((r, i) => (
            <li key={r.fileName + i}>
              <span className="swatch" style={{ background: COLORS[i % COLORS.length] }} />
              {r.fileName}
            </li>
          ))}
        </ul>
        <table className="compare-table">
          <thead>
            <tr>
              <th>Dokument</th>
              {columns.map((s) => (
                <th key={s.id}>{s.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.fileName + i}>
                <th>{r.fileName}</th>
                {columns.map((s) => {
                  const rep = r.strategies.find((x) => strategyColumn(x.strategy) === s.id);
                  const lost = rep ? Math.max(rep.orphanPercent, rep.unattributedPercent ?? 0) : 0;
                  return (
                    <td key={s.id} className={lost > 0 ? 'bad' : 'good'} data-testid={s.id === RESCUE_COLUMN ? 'rescue-cell' : undefined}>
                      {rep ? `${rep.chunks} · ${Math.round(rep.orphanPercent)}% · ${Math.round(rep.unattributedPercent ?? 0)}%` : '—'}
                      {rep?.rescue && (
                        <span className="small muted">
                          {' '}
                          ({rep.rescue.calls} wywołań, NIEUSTALONE: {rep.rescue.unresolved}, {(rep.rescue.durationMs / 1000).toFixed(1)} s)
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted small">
          Komórka: liczba fragmentów · odsetek fragmentów, w których tekście nie ma nagłówka ich sekcji · odsetek fragmentów bez żadnego przypisania (ani nagłówka, ani zdania
          kontekstu — tylko nazwa pliku). Większe okno nie naprawia utraty nagłówków — robi to dopiero podział według struktury z okruszkami.
        </p>
      </figcaption>
    </figure>
  );
}
