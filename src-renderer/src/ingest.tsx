import { useCallback, useRef, useState } from 'react';
import type { EventMap, FileRef, IngestSummary } from '../../src-shared/ipc';
import { api, call } from './api';

type ProgressEvent = EventMap['ingest:progress'];

export interface IngestState {
  running: boolean;
  /** 0–100 over the whole run. */
  percent: number;
  label: string;
  files: { done: number; total: number };
  chunks: { embedded: number };
  summary?: IngestSummary;
  error?: string;
}

const IDLE: IngestState = { running: false, percent: 0, label: '', files: { done: 0, total: 0 }, chunks: { embedded: 0 } };

/**
 * Runs `ingest:run` and turns the stream of `ingest:progress` events into one percentage:
 * reading takes the first 10 %, each file an equal share of the rest, split by its embeddings.
 */
export function useIngest() {
  const [state, setState] = useState<IngestState>(IDLE);
  const embeddedBefore = useRef(0);
  const currentFile = useRef({ name: '', done: 0 });

  /** Runs any call that ingests (`ingest:run`, `store:reindex`) with the progress bar. */
  const runWith = useCallback(async (start: () => Promise<IngestSummary>, totalFiles = 0): Promise<IngestSummary | undefined> => {
    embeddedBefore.current = 0;
    currentFile.current = { name: '', done: 0 };
    setState({ ...IDLE, running: true, label: 'Przygotowanie…', files: { done: 0, total: totalFiles } });
    const onProgress = (p: ProgressEvent) =>
      setState((s) => {
        if (!s.running) return s;
        const frac = p.total > 0 ? p.done / p.total : 1;
        if (p.stage === 'wczytywanie') {
          return { ...s, percent: Math.max(s.percent, 10 * frac), label: `Wczytywanie plików: ${p.done}/${p.total}${p.file ? ` (${p.file})` : ''}` };
        }
        if (p.stage === 'pliki') {
          if (currentFile.current.name) embeddedBefore.current += currentFile.current.done;
          currentFile.current = { name: p.file ?? '', done: 0 };
          return {
            ...s,
            percent: Math.max(s.percent, 10 + 90 * frac),
            files: { done: p.done, total: p.total },
            chunks: { embedded: embeddedBefore.current },
            label: p.done < p.total ? `Plik ${p.done + 1}/${p.total}${p.file ? `: ${p.file}` : ''}` : 'Sprawdzanie spójności…',
          };
        }
        if (p.stage === 'osadzanie' || p.stage === 'zapis') {
          if (p.stage === 'osadzanie') currentFile.current.done = p.done;
          const share = s.files.total > 0 ? 90 / s.files.total : 0;
          const fileFrac = p.stage === 'zapis' ? 1 : frac;
          return {
            ...s,
            percent: Math.min(99, Math.max(s.percent, 10 + share * (s.files.done + fileFrac))),
            chunks: { embedded: embeddedBefore.current + currentFile.current.done },
            label: `${p.stage === 'osadzanie' ? 'Osadzanie' : 'Zapis'}${p.file ? ` ${p.file}` : ''}: ${p.done}/${p.total} fragmentów`,
          };
        }
        return { ...s, label: p.message ?? p.stage };
      });
    const off = api.on('ingest:progress', onProgress);
    try {
      const summary = await start();
      setState((s) => ({
        ...s,
        running: false,
        percent: 100,
        summary,
        files: { done: summary.files.length, total: summary.files.length },
        chunks: { embedded: summary.embedding === 'e5' ? summary.chunksWritten : s.chunks.embedded },
        label: 'Gotowe',
      }));
      return summary;
    } catch (e) {
      setState((s) => ({ ...s, running: false, error: (e as Error).message, label: 'Przerwano' }));
      return undefined;
    } finally {
      off();
    }
  }, []);

  const run = useCallback((files: FileRef[], force = false) => runWith(() => call('ingest:run', { files, force }), files.length), [runWith]);

  return { state, run, runWith };
}

export function IngestProgress({ state }: { state: IngestState }) {
  if (!state.running && !state.summary && !state.error) return null;
  const pct = Math.round(state.percent);
  const s = state.summary;
  const counts = {
    ingested: s?.files.filter((f) => f.status === 'ingested').length ?? 0,
    skipped: s?.files.filter((f) => f.status === 'skipped').length ?? 0,
    failed: s?.files.filter((f) => f.status === 'failed') ?? [],
  };
  return (
    <div className="ingest-progress">
      <div className="progress" role="progressbar" aria-label="Postęp indeksowania" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} data-testid="ingest-progress">
        <div className={`progress-fill ${state.error ? 'progress-failed' : ''}`} style={{ width: `${pct}%` }} />
        <span className="progress-text">{pct}%</span>
      </div>
      <div className="progress-label">
        {state.label}
        {state.running && (
          <span className="muted">
            {' '}
            · pliki {state.files.done}/{state.files.total} · osadzone fragmenty {state.chunks.embedded}
          </span>
        )}
      </div>
      {state.error && <div className="error-box">{state.error}</div>}
      {s && (
        <div className="ingest-summary">
          <div className={s.integrity.ok ? 'integrity integrity-ok' : 'integrity integrity-bad'} data-testid="integrity" data-ok={s.integrity.ok}>
            {s.integrity.ok ? '✓ Spójność bazy: w porządku' : '✗ Spójność bazy: problem'} — {s.integrity.message} (sprawdzono {s.integrity.checked})
          </div>
          <div className="muted">
            Zaindeksowano {counts.ingested} plików, pominięto {counts.skipped} (bez zmian), błędy: {counts.failed.length}. Zapisano {s.chunksWritten} fragmentów
            {s.embedding === 'e5' ? ' z wektorami e5' : ' bez wektorów (brak modelu)'} w {(s.durationMs / 1000).toFixed(1)} s.
          </div>
          {s.rescue && (
            <div className="muted" data-testid="ingest-rescue">
              Kontekst dopisany modelem {s.rescue.modelId}: {s.rescue.calls} wywołań, {s.rescue.rescued} fragmentów z kontekstem, NIEUSTALONE: {s.rescue.unresolved}, odrzucone:{' '}
              {s.rescue.rejected}, ponad limit: {s.rescue.overFuse}, czas {(s.rescue.durationMs / 1000).toFixed(1)} s.
            </div>
          )}
          {s.files.some((f) => f.warning) && (
            <ul className="failed-files" data-testid="ingest-warnings">
              {s.files
                .filter((f) => f.warning)
                .map((f) => (
                  <li key={f.source}>
                    {f.fileName}: ok, z ostrzeżeniem — {f.warning}
                  </li>
                ))}
            </ul>
          )}
          {counts.failed.length > 0 && (
            <ul className="failed-files">
              {counts.failed.map((f) => (
                <li key={f.source}>
                  {f.fileName}: {f.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
