import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import type { AnswerResult, Citation } from '../../src-shared/answer';
import type { Settings, SettingsPatch } from '../../src-shared/ipc';
import { call } from './api';
import { downloadFile } from './files';

type Retrieval = NonNullable<Settings['retrieval']>;
type Generator = NonNullable<Settings['generator']>;

const RETRIEVAL: { id: Retrieval; label: string }[] = [
  { id: 'hybrid-rerank', label: 'hybrydowe + ponowne szeregowanie' },
  { id: 'hybrid', label: 'hybrydowe (wektory + BM25)' },
  { id: 'dense', label: 'tylko wektory (e5)' },
  { id: 'bm25', label: 'tylko słowa (BM25)' },
];
const GENERATORS: { id: Generator; label: string }[] = [
  { id: 'extractive', label: 'wyciąg z dokumentów (bez modelu)' },
  { id: 'llama', label: 'lokalny model GGUF' },
  { id: 'endpoint', label: 'serwer na localhost (Ollama / OpenAI)' },
];

/** A labelled select over a fixed list of choices. */
function OptionSelect<T extends string>(props: { label: string; value: T; options: { id: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

interface Turn {
  id: number;
  question: string;
  pending: boolean;
  result?: AnswerResult;
  error?: string;
  traceOpen: boolean;
  snapshot?: { sha256: string; path?: string; fileName: string };
  snapshotError?: string;
}

export interface ChatHandle {
  focusQuestion(): void;
}

interface ChatProps {
  onOpenFragment: (fragmentId: string) => void;
}

export const ChatPanel = forwardRef<ChatHandle, ChatProps>(function ChatPanel({ onOpenFragment }, ref) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [retrieval, setRetrieval] = useState<Retrieval>('hybrid-rerank');
  const [generator, setGenerator] = useState<Generator>('extractive');
  const [today, setToday] = useState('');
  const [optionsOpen, setOptionsOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);

  useImperativeHandle(ref, () => ({ focusQuestion: () => input.current?.focus() }), []);

  useEffect(() => {
    call('settings:get')
      .then((s) => {
        if (s.retrieval) setRetrieval(s.retrieval);
        if (s.generator) setGenerator(s.generator);
        if (s.today) setToday(s.today);
      })
      .catch(() => undefined);
  }, []);

  // Esc folds the open trace panels and the options.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOptionsOpen(false);
      setTurns((t) => (t.some((x) => x.traceOpen) ? t.map((x) => ({ ...x, traceOpen: false })) : t));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [turns.length]);

  const saveSetting = (patch: SettingsPatch) => void call('settings:set', patch).catch(() => undefined);

  const update = (id: number, patch: Partial<Turn>) => setTurns((t) => t.map((x) => (x.id === id ? { ...x, ...patch } : x)));

  const ask = async () => {
    const q = question.trim();
    if (!q) return;
    const id = nextId.current++;
    setTurns((t) => [...t, { id, question: q, pending: true, traceOpen: false }]);
    setQuestion('');
    try {
      const result = await call('ask', { question: q, retrieval, generator, today: today || undefined });
      update(id, { pending: false, result });
    } catch (e) {
      update(id, { pending: false, error: (e as Error).message });
    }
  };

  const exportSnapshot = async (turn: Turn) => {
    if (!turn.result) return;
    try {
      const snap = await call('snapshot:export', { answerId: turn.result.id });
      const fileName = `sciaga-migawka-${turn.result.createdAt.slice(0, 10)}-${turn.result.id.slice(0, 8)}.json`;
      if (!snap.path) downloadFile(fileName, { text: snap.json }, 'application/json');
      update(turn.id, { snapshot: { sha256: snap.sha256, path: snap.path, fileName }, snapshotError: undefined });
    } catch (e) {
      update(turn.id, { snapshotError: (e as Error).message });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void ask();
    }
  };

  const busy = turns.some((t) => t.pending);

  return (
    <div className="chat">
      <div className="chat-options-bar">
        <button className="link" aria-expanded={optionsOpen} onClick={() => setOptionsOpen((o) => !o)} data-testid="chat-options-toggle">
          {optionsOpen ? '▾' : '▸'} Ustawienia odpowiedzi
        </button>
        <span className="muted small">
          {RETRIEVAL.find((r) => r.id === retrieval)?.label} · {GENERATORS.find((g) => g.id === generator)?.label}
          {today ? ` · „dziś” = ${today}` : ''}
        </span>
      </div>
      {optionsOpen && (
        <div className="chat-options" data-testid="chat-options">
          <OptionSelect
            label="Wyszukiwanie"
            value={retrieval}
            options={RETRIEVAL}
            onChange={(v) => {
              setRetrieval(v);
              saveSetting({ retrieval: v });
            }}
          />
          <OptionSelect
            label="Generator"
            value={generator}
            options={GENERATORS}
            onChange={(v) => {
              setGenerator(v);
              saveSetting({ generator: v });
            }}
          />
          <label>
            „Dziś” (do testów)
            <input
              type="date"
              value={today}
              onChange={(e) => {
                setToday(e.target.value);
                saveSetting({ today: e.target.value });
              }}
              data-testid="today-input"
            />
          </label>
          {today && (
            <button
              onClick={() => {
                setToday('');
                saveSetting({ today: '' });
              }}
            >
              Użyj dzisiejszej daty
            </button>
          )}
        </div>
      )}

      <div className="chat-log" ref={log} aria-live="polite">
        {turns.length === 0 && (
          <div className="empty">
            <h2>Zapytaj o swoje dokumenty</h2>
            <p>
              Odpowiadam tylko na podstawie zaindeksowanych dokumentów i zawsze pokazuję, skąd wziąłem odpowiedź. Jeśli w dokumentach nie ma odpowiedzi, mówię „Nie
              wiem”.
            </p>
            <p className="muted small">Enter — wyślij · Shift+Enter — nowa linia · Ctrl+K — przejdź do pytania · Esc — zamknij panele</p>
          </div>
        )}
        {turns.map((t) => (
          <div key={t.id} className="turn">
            <div className="question-bubble">{t.question}</div>
            {t.pending && <div className="answer answer-pending">Szukam w dokumentach…</div>}
            {t.error && (
              <div className="answer answer-error" role="alert" data-testid="answer-error">
                Nie udało się odpowiedzieć: {t.error}
              </div>
            )}
            {t.result && (
              <AnswerCard
                turn={t}
                result={t.result}
                onOpenFragment={onOpenFragment}
                onToggleTrace={() => update(t.id, { traceOpen: !t.traceOpen })}
                onExport={() => exportSnapshot(t)}
              />
            )}
          </div>
        ))}
      </div>

      <div className="composer">
        <textarea
          ref={input}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Zadaj pytanie po polsku… (Ctrl+K)"
          rows={2}
          aria-label="Pytanie"
          data-testid="question"
        />
        <button className="primary" onClick={() => void ask()} disabled={busy || !question.trim()} data-testid="ask">
          Zapytaj
        </button>
      </div>
    </div>
  );
});

function AnswerCard({
  turn,
  result,
  onOpenFragment,
  onToggleTrace,
  onExport,
}: {
  turn: Turn;
  result: AnswerResult;
  onOpenFragment: (id: string) => void;
  onToggleTrace: () => void;
  onExport: () => void;
}) {
  const unknown = result.status === 'unknown';
  return (
    <div className={unknown ? 'answer answer-unknown' : 'answer'} data-testid={unknown ? 'answer-unknown' : 'answer'}>
      {unknown ? (
        <div className="unknown-body">
          <span className="unknown-icon" aria-hidden>
            ?
          </span>
          <div>
            <div className="answer-text">{result.answer}</div>
            <div className="muted small">{result.trace?.evidence?.reason ?? 'W dokumentach nie znalazłem wystarczających podstaw do odpowiedzi.'}</div>
          </div>
        </div>
      ) : (
        <div className="answer-text">{result.answer}</div>
      )}
      {result.citations.length > 0 && (
        <div className="citations" aria-label="Źródła">
          {result.citations.map((c, i) => (
            <CitationChip key={`${c.fragmentId}-${i}`} citation={c} onOpen={onOpenFragment} />
          ))}
        </div>
      )}
      <div className="answer-tools">
        <button className="link" aria-expanded={turn.traceOpen} onClick={onToggleTrace} data-testid="trace-toggle">
          {turn.traceOpen ? '▾' : '▸'} Ślad
        </button>
        <button className="link" onClick={onExport} data-testid="snapshot-export">
          Eksportuj migawkę audytową
        </button>
        <span className="muted small">{Math.round(result.trace?.totalMs ?? 0)} ms</span>
      </div>
      {turn.snapshot && (
        <div className="info-box small" data-testid="snapshot-done">
          Migawka {turn.snapshot.path ? <>zapisana: <code>{turn.snapshot.path}</code></> : <>pobrana jako „{turn.snapshot.fileName}”</>} · SHA-256{' '}
          <code>{turn.snapshot.sha256.slice(0, 16)}…</code>
        </div>
      )}
      {turn.snapshotError && <div className="error-box">{turn.snapshotError}</div>}
      {turn.traceOpen && <TracePanel result={result} onOpenFragment={onOpenFragment} />}
    </div>
  );
}

function CitationChip({ citation, onOpen }: { citation: Citation; onOpen: (id: string) => void }) {
  return (
    <button
      className="chip"
      onClick={() => onOpen(citation.fragmentId)}
      title={`${citation.fileName}${citation.section ? ` › ${citation.section}` : ''} — otwórz w inspektorze`}
      data-testid="citation-chip"
      data-decision={citation.decisionId ?? ''}
    >
      {citation.label}
    </button>
  );
}

const ms = (v: number | undefined) => (v === undefined ? '—' : `${Math.round(v)} ms`);
const score = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(3));

function TracePanel({ result, onOpenFragment }: { result: AnswerResult; onOpenFragment: (id: string) => void }) {
  const t = result.trace;
  const r = t?.retrieval;
  if (!t) return <div className="trace muted">Brak śladu dla tej odpowiedzi.</div>;
  return (
    <div className="trace" data-testid="trace">
      <section>
        <h4>Wyszukiwanie</h4>
        {r && (
          <p>
            tryb: <b>{r.effectiveMode}</b>
            {r.effectiveMode !== r.requestedMode ? ` (zamiast ${r.requestedMode})` : ''} · k={r.k} · kandydaci: {r.candidates} · limit na dokument: {r.perDocCap} · „dziś”:{' '}
            {r.today} · intencja czasowa: {r.intent === 'current' ? 'stan obecny' : r.intent === 'history' ? 'historia' : 'neutralna'}
            {r.intentCues?.length ? ` (${r.intentCues.join(', ')})` : ''}
            {r.identifiers?.length ? ` · identyfikatory: ${r.identifiers.map((i) => `${i.value} (${i.matchedChunks})`).join(', ')}` : ''}
          </p>
        )}
        {r?.degraded && <div className="warn-box">Tryb awaryjny: {r.degradedReasons.join(' ')}</div>}
        {r && (
          <table className="trace-table">
            <thead>
              <tr>
                <th>etap</th>
                <th>wejście → wyjście</th>
                <th>czas</th>
                <th>najlepsze</th>
              </tr>
            </thead>
            <tbody>
              {r.stages.map((s, i) => (
                <tr key={i}>
                  <td>{s.stage}</td>
                  <td>
                    {s.inputCount} → {s.outputCount}
                  </td>
                  <td>{ms(s.timingMs)}</td>
                  <td className="small">
                    {s.top.map((x) => `${x.source ?? x.id} ${score(x.score)}`).join(' · ')}
                    {s.notes?.length ? <div className="muted">{s.notes.join(' ')}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {r?.filters?.length ? (
        <section>
          <h4>Filtry</h4>
          <ul>
            {r.filters.map((f, i) => (
              <li key={i}>
                <b>{f.name}</b>: {f.applied ? `zastosowany (dotyczy ${f.affected})` : 'niezastosowany'} — {f.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h4>Od wyników do odpowiedzi</h4>
        <table className="trace-table">
          <thead>
            <tr>
              <th>etap</th>
              <th>wejście → wyjście</th>
              <th>czas</th>
              <th>uwagi</th>
            </tr>
          </thead>
          <tbody>
            {(t.stages ?? []).map((s, i) => (
              <tr key={i}>
                <td>{s.stage}</td>
                <td>
                  {s.inputCount} → {s.outputCount}
                </td>
                <td>{ms(s.timingMs)}</td>
                <td className="small">{s.notes?.join(' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small">
          Dowody: wynik {score(t.evidence?.score)} przy progu {score(t.evidence?.threshold)} — {t.evidence?.reason}
          <br />
          Kompresja: {t.compression?.charsBefore} → {t.compression?.charsAfter} znaków (budżet {t.compression?.budget}), wiersze tabel: {t.compression?.tableRowsKept},
          zdania: {t.compression?.sentencesKept} zachowane / {t.compression?.sentencesDropped} pominięte
          <br />
          Generowanie: {t.generation?.generator}
          {t.generation?.model ? ` (${t.generation.model})` : ''}, {ms(t.generation?.timingMs)} · weryfikacja: {t.verification?.outcome}
          {t.verification?.failed?.length ? ` — odrzucone zdania: ${t.verification.failed.map((f) => `„${f.sentence}” (${f.reason})`).join('; ')}` : ''}
        </p>
        {t.fallbacks?.length ? <div className="warn-box small">Obejścia: {t.fallbacks.join(' ')}</div> : null}
        <p className="muted small">
          Modele: {[t.models?.embedder, t.models?.reranker, t.models?.generator].filter(Boolean).join(' · ') || '—'} · łącznie {ms(t.totalMs)}
        </p>
      </section>
      {result.fragments.length > 0 && (
        <section>
          <h4>Fragmenty w kontekście</h4>
          <ol className="trace-fragments">
            {result.fragments.map((f) => (
              <li key={f.id}>
                <button className="link" onClick={() => onOpenFragment(f.id)}>
                  {f.metadata.decisionId ?? f.metadata.fileName} › {f.metadata.breadcrumb.slice(1).join(' › ') || f.metadata.section}
                </button>{' '}
                <span className="muted small">
                  gęste {score(f.scores.dense)} · BM25 {score(f.scores.lexical)} · fuzja {score(f.scores.fused)} · rerank {score(f.scores.rerank)}
                  {f.metadata.superseded ? ' · zastąpiona' : ''}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

