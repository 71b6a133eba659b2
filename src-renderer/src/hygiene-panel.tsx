import { useMemo, useState, type DragEvent } from 'react';
import type { FileRef } from '../../src-shared/ipc';
import {
  REASON_LABELS,
  type ChunkerView,
  type HeadingIssue,
  type HygieneFileResult,
  type HygieneFixResponse,
  type HygieneReport,
  type LevelChoice,
  type PipelineView,
} from '../../src-shared/hygiene';
import { api, call } from './api';
import { FilePicker } from './file-picker';
import { downloadFile, filesToRefs } from './files';

interface Entry {
  ref: FileRef;
  result: HygieneFileResult;
  /** Per paragraph index, the level the user picked (defaults to the proposal). */
  choices: Record<number, LevelChoice>;
  fix?: HygieneFixResponse;
  fixError?: string;
}

const VERDICT_CLASS = { ok: 'verdict-ok', popraw: 'verdict-fix', 'brak-struktury': 'verdict-none' } as const;
const VERDICT_TEXT = { ok: 'ok', popraw: 'popraw', 'brak-struktury': 'brak struktury' } as const;

const proposals = (r: HygieneReport): Record<number, LevelChoice> => Object.fromEntries([...r.candidates, ...r.levelIssues].map((c) => [c.index, c.proposedLevel]));

export function HygienePanel() {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [selected, setSelected] = useState(0);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);

  const check = async (refs: FileRef[]) => {
    if (!refs.length) return;
    setBusy('Sprawdzanie…');
    setError(undefined);
    try {
      const results = await call('hygiene:check', { files: refs });
      const added = results.map((result, i) => ({ ref: refs[i]!, result, choices: result.ok ? proposals(result.report) : {} }));
      setEntries((prev) => {
        setSelected(prev.length);
        return [...prev, ...added];
      });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files].filter((f) => /\.docx?$/i.test(f.name));
    if (!files.length) {
      setError('Upuść pliki Word (.docx).');
      return;
    }
    await check(await filesToRefs(files));
  };

  const entry = entries[selected];

  const fix = async () => {
    if (!entry || !entry.result.ok) return;
    setBusy('Poprawianie…');
    const index = selected;
    try {
      const levels = Object.fromEntries(Object.entries(entry.choices).map(([k, v]) => [k, v]));
      const res = await call('hygiene:fix', { file: entry.ref, levels });
      if (res.dataBase64) downloadFile(res.suggestedName, { base64: res.dataBase64 }, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      setEntries((prev) => prev.map((e, i) => (i === index ? { ...e, fix: res, fixError: undefined } : e)));
    } catch (e) {
      setEntries((prev) => prev.map((x, i) => (i === index ? { ...x, fixError: (e as Error).message } : x)));
    } finally {
      setBusy(undefined);
    }
  };

  const setChoice = (index: number, level: LevelChoice) =>
    setEntries((prev) => prev.map((e, i) => (i === selected ? { ...e, choices: { ...e.choices, [index]: level }, fix: undefined } : e)));

  return (
    <div className="hygiene">
      <aside className="side">
        <div
          className={`dropzone ${dragging ? 'dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="hygiene-dropzone"
        >
          <p>Przeciągnij tu pliki Word (.docx)</p>
          <FilePicker
            className="primary"
            disabled={!!busy}
            label="Wybierz pliki…"
            filters="docx"
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            multiple
            testId="hygiene-input"
            onRefs={check}
          />
          <p className="muted small">Sprawdzam, czy nagłówki są prawdziwymi nagłówkami Worda — od tego zależy, czy fragmenty dostaną swój kontekst.</p>
        </div>
        {busy && <div className="busy">{busy}</div>}
        {error && <div className="error-box">{error}</div>}
        <ul className="file-list" aria-label="Sprawdzone pliki">
          {entries.map((e, i) => (
            <li key={i}>
              <button className={i === selected ? 'file-item active' : 'file-item'} onClick={() => setSelected(i)} data-testid="hygiene-file">
                <span className="file-name">{e.result.name}</span>
                {e.result.ok ? (
                  <span className={`verdict ${VERDICT_CLASS[e.fix?.recheck?.ok ? e.fix.recheck.report.verdict : e.result.report.verdict]}`}>
                    {e.fix?.recheck?.ok ? `po poprawce: ${VERDICT_TEXT[e.fix.recheck.report.verdict]}` : VERDICT_TEXT[e.result.report.verdict]}
                  </span>
                ) : (
                  <span className="verdict verdict-error">błąd</span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {api.mode === 'web' && <p className="muted small">W przeglądarce poprawiony plik jest pobierany jako kopia; oryginał zostaje bez zmian.</p>}
      </aside>
      <section className="detail">
        {!entry && <EmptyHygiene />}
        {entry && !entry.result.ok && (
          <div className="error-box" data-testid="hygiene-error">
            {entry.result.error.message}
          </div>
        )}
        {entry && entry.result.ok && <HygieneDetail entry={entry} busy={!!busy} onChoice={setChoice} onFix={fix} />}
      </section>
    </div>
  );
}

function EmptyHygiene() {
  return (
    <div className="empty">
      <h2>Higiena dokumentów</h2>
      <p>
        Wybierz dokumenty Word. Dla każdego zobaczysz werdykt (<b>ok</b>, <b>popraw</b> albo <b>brak struktury</b>), akapity, które tylko wyglądają jak nagłówki, oraz to, ile
        fragmentów straci swój nagłówek przy indeksowaniu — przed poprawką i po niej.
      </p>
    </div>
  );
}

type OkResult = Extract<HygieneFileResult, { ok: true }>;

function HygieneDetail({ entry, busy, onChoice, onFix }: { entry: Entry; busy: boolean; onChoice: (index: number, level: LevelChoice) => void; onFix: () => void }) {
  const { report, paragraphs } = entry.result as OkResult;
  const issues = useMemo(() => new Map<number, HeadingIssue>([...report.candidates, ...report.levelIssues].map((c) => [c.index, c])), [report]);
  const planned = paragraphs.map((p) => ({ p, level: issues.has(p.index) ? (entry.choices[p.index] ?? 0) : (p.headingLevel ?? 0) })).filter((x) => x.level > 0);
  const changes = [...issues.values()].filter((c) => (entry.choices[c.index] ?? 0) !== (c.currentLevel ?? 0)).length;
  const pipeline = report.pipeline && !('error' in report.pipeline) ? report.pipeline : undefined;
  const fix = entry.fix;
  const recheck = fix?.recheck?.ok ? fix.recheck : undefined;

  return (
    <div className="hygiene-detail">
      <header className="detail-head">
        <h2>{report.file}</h2>
        <span className={`verdict big ${VERDICT_CLASS[report.verdict]}`} data-testid="hygiene-verdict">
          {report.verdictLabel}
        </span>
        <span className="muted">
          {report.paragraphs} akapitów · prawdziwe nagłówki: {report.realHeadings.length} · kandydaci: {report.candidates.length} · pominięte poziomy: {report.levelIssues.length}
        </span>
      </header>

      <div className="before-after">
        <ViewTable title="Jak podzieli to indeksowanie" before={report.before} after={report.after} recheck={recheck?.report.before} note={report.sectionModel} />
        {pipeline && (
          <PipelineTable
            before={pipeline.before}
            after={pipeline.after}
            recheck={recheck?.report.pipeline && !('error' in recheck.report.pipeline) ? recheck.report.pipeline.before : undefined}
          />
        )}
        <div className="sections-preview">
          <h3>Sekcje po poprawce ({planned.length})</h3>
          <ol data-testid="planned-sections">
            {planned.map(({ p, level }) => (
              <li key={p.index} className={`lvl-${level}`}>
                <span className="hl">H{level}</span> {p.text}
              </li>
            ))}
          </ol>
          {planned.length === 0 && <p className="muted">Brak nagłówków: dokument zostanie podzielony tylko według długości.</p>}
        </div>
      </div>

      {(report.candidates.length > 0 || report.levelIssues.length > 0) && (
        <div className="fix-bar">
          <button className="primary" onClick={onFix} disabled={busy} data-testid="hygiene-fix">
            Popraw
          </button>
          <span className="muted">
            {changes} zmian w stylach akapitów. {api.mode === 'web' ? 'Poprawiona kopia zostanie pobrana' : 'Wskażesz, gdzie zapisać poprawioną kopię'}; oryginał zostaje bez zmian.
          </span>
        </div>
      )}
      {entry.fixError && <div className="error-box">{entry.fixError}</div>}
      {fix && <FixResult fix={fix} />}

      <h3>Akapity</h3>
      <ol className="paragraphs" aria-label="Akapity dokumentu">
        {paragraphs.map((p) => {
          const issue = issues.get(p.index);
          if (!p.text.trim() && !issue) return null;
          return (
            <li
              key={p.index}
              className={issue ? 'para para-candidate' : p.headingLevel ? 'para para-heading' : 'para'}
              data-testid={issue?.kind === 'kandydat' ? 'candidate' : issue ? 'level-issue' : undefined}
            >
              <span className="para-no">{p.index}</span>
              <div className="para-body">
                <div className="para-text">
                  {p.headingLevel && !issue && <span className="hl real">H{p.headingLevel}</span>}
                  {p.text.length > 300 ? `${p.text.slice(0, 300)}…` : p.text}
                </div>
                {issue && (
                  <div className="para-issue">
                    <label>
                      {issue.kind === 'poziom' ? `Nagłówek ${issue.currentLevel} → ` : 'Poziom: '}
                      <select
                        value={entry.choices[p.index] ?? 0}
                        onChange={(e) => onChoice(p.index, Number(e.target.value) as LevelChoice)}
                        aria-label={`Poziom akapitu ${p.index}`}
                      >
                        <option value={1}>Nagłówek 1</option>
                        <option value={2}>Nagłówek 2</option>
                        <option value={3}>Nagłówek 3</option>
                        <option value={0}>{issue.kind === 'poziom' ? 'bez zmian' : 'nie nagłówek'}</option>
                      </select>
                    </label>
                    <span className="reasons">{issue.reasons.map((r) => REASON_LABELS[r]).join('; ')}</span>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

const pct = (n: number) => `${n.toLocaleString('pl-PL', { maximumFractionDigits: 1 })}%`;

/** What both before/after tables show: the internal section model and the real pipeline alike. */
interface SectionFigures {
  sections: number;
  chunks: number;
  orphanPercent: number;
  longestSectionChars?: number;
}

/**
 * One before/after table for what a chunker would see. `testIds` marks the orphan cells that the
 * e2e tests read; `colour` paints orphan percentages red/green.
 */
function BeforeAfterTable(props: {
  caption: string;
  captionTitle: string;
  afterLabel: string;
  before: SectionFigures;
  after: SectionFigures;
  recheck?: SectionFigures;
  colour?: boolean;
  testIds?: boolean;
  testId?: string;
}) {
  const { before, after, recheck, colour, testIds } = props;
  const columns = recheck ? [before, after, recheck] : [before, after];
  const orphanIds = ['orphan-before', 'orphan-after', undefined];
  const rows: { label: string; cell: (v: SectionFigures) => string; orphan?: boolean }[] = [
    { label: 'sekcje', cell: (v) => String(v.sections) },
    { label: 'fragmenty', cell: (v) => String(v.chunks) },
    { label: 'bez nagłówka', cell: (v) => pct(v.orphanPercent), orphan: true },
    ...(before.longestSectionChars !== undefined ? [{ label: 'najdłuższa sekcja', cell: (v: SectionFigures) => `${v.longestSectionChars} zn.` }] : []),
  ];
  return (
    <table className="ba-table" data-testid={props.testId}>
      <caption title={props.captionTitle}>{props.caption}</caption>
      <thead>
        <tr>
          <th />
          <th>teraz</th>
          <th>{props.afterLabel}</th>
          {recheck && <th>poprawiony plik</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={row.orphan && colour ? 'orphan-row' : undefined}>
            <th>{row.label}</th>
            {columns.map((v, i) => (
              <td key={i} className={row.orphan && colour ? (v.orphanPercent > 0 ? 'bad' : 'good') : undefined} data-testid={row.orphan && testIds ? orphanIds[i] : undefined}>
                {row.cell(v)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ViewTable({ title, before, after, recheck, note }: { title: string; before: ChunkerView; after: ChunkerView; recheck?: ChunkerView; note: string }) {
  return (
    <BeforeAfterTable
      caption={title}
      captionTitle={note}
      afterLabel="po poprawce (propozycja)"
      before={before}
      after={after}
      recheck={recheck}
      colour
      testIds
      testId="hygiene-before-after"
    />
  );
}

function PipelineTable({ before, after, recheck }: { before: PipelineView; after: PipelineView; recheck?: PipelineView }) {
  return (
    <div className="table-with-notes">
      <BeforeAfterTable
        caption="Rzeczywiste indeksowanie"
        captionTitle="Prawdziwy loader DOCX i chunker strukturalny"
        afterLabel="po poprawce"
        before={{ ...before, longestSectionChars: undefined }}
        after={after}
        recheck={recheck}
      />
      {before.loaderNotes.length > 0 && <p className="small muted">{before.loaderNotes.join(' ')}</p>}
    </div>
  );
}

function FixResult({ fix }: { fix: HygieneFixResponse }) {
  if (fix.cancelled) return <div className="info-box">Anulowano — nic nie zapisano.</div>;
  const r = fix.recheck;
  return (
    <div className="fix-result" data-testid="fix-result">
      <h3>
        Poprawiono {fix.changes.length} akapitów →{' '}
        {fix.output ? (
          <>
            zapisano: <code>{fix.output}</code>
          </>
        ) : (
          <>pobrano kopię „{fix.suggestedName}”</>
        )}
      </h3>
      {fix.dataBase64 && (
        <button onClick={() => downloadFile(fix.suggestedName, { base64: fix.dataBase64! }, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')}>
          Pobierz ponownie
        </button>
      )}
      {r && !r.ok && <div className="error-box">Nie udało się sprawdzić poprawionego pliku: {r.error.message}</div>}
      {r?.ok && (
        <>
          <p>
            Ponowne sprawdzenie: <span className={`verdict ${VERDICT_CLASS[r.report.verdict]}`}>{r.report.verdictLabel}</span> · nagłówki w poprawionym pliku:{' '}
            <b data-testid="fixed-headings-count">{r.report.realHeadings.length}</b> · bez nagłówka: {pct(r.report.before.orphanPercent)}
          </p>
          <ol className="fixed-headings">
            {r.report.realHeadings.map((h) => (
              <li key={h.index} data-testid="fixed-heading" className={`lvl-${h.level}`}>
                <span className="hl real">H{h.level}</span> {h.text}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
