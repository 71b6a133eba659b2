import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { draftReplacedNote, type AnswerResult, type Citation } from '../../src-shared/answer';
import type { Conversation, ConversationSummary, Settings, SettingsPatch, TurnStatus } from '../../src-shared/ipc';
import { stageLabel } from '../../src-shared/labels';
import { api, call, type ApiError } from './api';
import { downloadFile } from './files';
import { RichText } from './rich-text';

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
  /** The saved turn's ID, or a local one until the conversation has it. */
  key: string;
  question: string;
  status: TurnStatus;
  /** The unverified text as the model writes it; replaced by the verified answer. */
  draft: string;
  streamId?: string;
  startedAt: number;
  firstTokenMs?: number;
  followUp?: { standalone: string; resolved: boolean; reason: string };
  note?: string;
  result?: AnswerResult;
  /** A saved answer whose full result file is gone: its text and sources from the conversation. */
  saved?: { answer: string; citations: Citation[] };
  error?: string;
  traceOpen: boolean;
  snapshot?: { sha256: string; path?: string; fileName: string };
  snapshotError?: string;
}

const STORED_CONVERSATION = 'sciaga.conversation';
const STOPPED = 'Zatrzymano na Twoją prośbę. Niedokończony tekst nie został zweryfikowany, więc go nie zachowano.';

export interface ChatHandle {
  focusQuestion(): void;
}

interface ChatProps {
  onOpenFragment: (fragmentId: string) => void;
  /** Changes when the settings may have changed (e.g. a GGUF chosen as the default generator). */
  settingsNonce?: number;
}

function turnsOf(conversation: Conversation, answers: AnswerResult[]): Turn[] {
  return conversation.turns.map((t) => {
    const result = t.answerId ? answers.find((a) => a.id === t.answerId) : undefined;
    const followUp = result?.followUp ?? (t.standalone ? { standalone: t.standalone, resolved: true, reason: '' } : undefined);
    return {
      key: t.id,
      question: t.asked,
      status: t.status,
      draft: '',
      startedAt: 0,
      ...(followUp ? { followUp } : {}),
      ...(t.note ? { note: t.note } : {}),
      ...(result ? { result } : t.answer ? { saved: { answer: t.answer, citations: t.citations } } : {}),
      ...(t.status === 'error' ? { error: t.note } : {}),
      traceOpen: false,
    };
  });
}

const newStreamId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);

export const ChatPanel = forwardRef<ChatHandle, ChatProps>(function ChatPanel({ onOpenFragment, settingsNonce }, ref) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [retrieval, setRetrieval] = useState<Retrieval>('hybrid-rerank');
  const [generator, setGenerator] = useState<Generator>('extractive');
  const [today, setToday] = useState('');
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [listVersion, setListVersion] = useState(0);
  const [loadError, setLoadError] = useState<string>();
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);
  const turnsRef = useRef(turns);
  useEffect(() => {
    turnsRef.current = turns;
  }, [turns]);

  useImperativeHandle(ref, () => ({ focusQuestion: () => input.current?.focus() }), []);

  useEffect(() => {
    call('settings:get')
      .then((s) => {
        if (s.retrieval) setRetrieval(s.retrieval);
        if (s.generator) setGenerator(s.generator);
        if (s.today) setToday(s.today);
      })
      // Without the saved settings the panel keeps its defaults, which are valid choices.
      .catch(() => undefined);
  }, [settingsNonce]);

  const openConversation = useCallback(async (id: string | undefined) => {
    setLoadError(undefined);
    if (!id) {
      setConversationId(undefined);
      setTurns([]);
      localStorage.removeItem(STORED_CONVERSATION);
      return;
    }
    try {
      const { conversation, answers } = await call('conversations:get', { id });
      setConversationId(conversation.id);
      setTurns(turnsOf(conversation, answers));
      localStorage.setItem(STORED_CONVERSATION, conversation.id);
    } catch (e) {
      localStorage.removeItem(STORED_CONVERSATION);
      setConversationId(undefined);
      setTurns([]);
      setLoadError((e as Error).message);
    }
  }, []);

  // The conversation open before a reload or restart comes back.
  useEffect(() => {
    const stored = localStorage.getItem(STORED_CONVERSATION);
    // Restoring the conversation is loading external state (the saved file), not deriving state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (stored) void openConversation(stored);
  }, [openConversation]);

  // Tokens of the answer being written arrive as events tagged with the turn's stream ID.
  useEffect(
    () =>
      api.on('ask:stream', (ev) => {
        setTurns((ts) =>
          ts.map((t) => {
            if (t.streamId !== ev.streamId || t.status !== 'pending') return t;
            if (ev.kind === 'token') return { ...t, draft: t.draft + ev.delta, firstTokenMs: t.firstTokenMs ?? performance.now() - t.startedAt };
            if (ev.kind === 'reset') return { ...t, draft: '', note: ev.reason };
            return { ...t, followUp: { standalone: ev.standalone, resolved: ev.resolved, reason: ev.reason } };
          }),
        );
      }),
    [],
  );

  const stop = useCallback(() => {
    const running = turnsRef.current.filter((t) => t.status === 'pending' && t.streamId);
    if (running.length === 0) return false;
    // The UI stops at once; the server stops the model at its next token and frees it.
    setTurns((ts) => ts.map((t) => (t.status === 'pending' ? { ...t, status: 'stopped', draft: '', note: STOPPED } : t)));
    // A cancel that fails means the stream already ended; the UI has stopped either way.
    for (const t of running) void call('ask:cancel', { streamId: t.streamId! }).catch(() => undefined);
    return true;
  }, []);

  // Esc stops a running answer first; otherwise it folds the open trace panels and the options.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (stop()) return;
      setOptionsOpen(false);
      setTurns((t) => (t.some((x) => x.traceOpen) ? t.map((x) => ({ ...x, traceOpen: false })) : t));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [stop]);

  const draftLength = turns.at(-1)?.draft.length;
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [turns.length, draftLength]);

  // The choice applies to this conversation at once; a failed save is said, since it would be lost on restart.
  const saveSetting = (patch: SettingsPatch) =>
    void call('settings:set', patch).catch((e: unknown) => setLoadError(`Nie udało się zapisać ustawienia odpowiedzi: ${(e as Error).message}`));

  const update = (key: string, patch: Partial<Turn>) => setTurns((t) => t.map((x) => (x.key === key ? { ...x, ...patch } : x)));

  const ask = async () => {
    const q = question.trim();
    if (!q) return;
    const key = `local-${nextId.current++}`;
    const streamId = newStreamId();
    setTurns((t) => [...t, { key, question: q, status: 'pending', draft: '', streamId, startedAt: performance.now(), traceOpen: false }]);
    setQuestion('');
    let convId = conversationId;
    try {
      if (!convId) {
        const c = await call('conversations:create', {});
        convId = c.id;
        setConversationId(c.id);
        localStorage.setItem(STORED_CONVERSATION, c.id);
      }
      const result = await call('ask', { question: q, retrieval, generator, today: today || undefined, streamId, conversationId: convId });
      const note = draftReplacedNote(result);
      setTurns((ts) =>
        ts.map((x) =>
          x.key === key && x.status === 'pending' ? { ...x, status: result.status, draft: '', result, ...(result.followUp ? { followUp: result.followUp } : {}), note } : x,
        ),
      );
    } catch (e) {
      const err = e as ApiError;
      if (err.code === 'cancelled') update(key, { status: 'stopped', draft: '', note: STOPPED });
      else setTurns((ts) => ts.map((x) => (x.key === key && x.status === 'pending' ? { ...x, status: 'error', draft: '', error: err.message } : x)));
    } finally {
      setListVersion((v) => v + 1);
    }
  };

  const exportSnapshot = async (turn: Turn) => {
    if (!turn.result) return;
    try {
      const snap = await call('snapshot:export', { answerId: turn.result.id });
      const fileName = `sciaga-migawka-${turn.result.createdAt.slice(0, 10)}-${turn.result.id.slice(0, 8)}.json`;
      if (!snap.path) downloadFile(fileName, { text: snap.json }, 'application/json');
      update(turn.key, { snapshot: { sha256: snap.sha256, path: snap.path, fileName }, snapshotError: undefined });
    } catch (e) {
      update(turn.key, { snapshotError: (e as Error).message });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!busy) void ask();
    }
  };

  // A turn still pending from before a reload has no stream here: it does not block new questions.
  const busy = turns.some((t) => t.status === 'pending' && t.streamId);

  return (
    <div className="chat-layout">
      <ConversationSidebar
        activeId={conversationId}
        version={listVersion}
        busy={busy}
        onOpen={(id) => void openConversation(id)}
        onNew={() => {
          void openConversation(undefined);
          input.current?.focus();
        }}
        onChanged={() => setListVersion((v) => v + 1)}
      />
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
          {loadError && <div className="error-box">{loadError}</div>}
          {turns.length === 0 && (
            <div className="empty">
              <h2>Zapytaj o swoje dokumenty</h2>
              <p>
                Odpowiadam tylko na podstawie zaindeksowanych dokumentów i zawsze pokazuję, skąd wziąłem odpowiedź. Jeśli w dokumentach nie ma odpowiedzi, mówię „Nie wiem”. Możesz
                dopytać krótko, np. „a w Oliwie?” albo „a wcześniej?”.
              </p>
              <p className="muted small">
                Enter — wyślij · Shift+Enter — nowa linia · Esc — zatrzymaj odpowiedź / zamknij panele · Ctrl+K — przejdź do pytania · Alt+N — nowa rozmowa
              </p>
            </div>
          )}
          {turns.map((t) => (
            <div key={t.key} className="turn" data-testid="turn" data-status={t.status}>
              <div className="question-bubble">{t.question}</div>
              {t.followUp &&
                (t.followUp.resolved ? (
                  <div className="standalone muted small" data-testid="standalone-question" title={t.followUp.reason}>
                    Rozumiem jako: „{t.followUp.standalone}”
                  </div>
                ) : (
                  <div className="standalone warn small" data-testid="followup-unresolved">
                    {t.followUp.reason}
                  </div>
                ))}
              {t.status === 'pending' && !t.streamId && (
                <div className="answer answer-pending" data-testid="answer-elsewhere">
                  Ta odpowiedź wciąż powstaje (pytanie zadano przed odświeżeniem strony). Otwórz rozmowę ponownie za chwilę.
                </div>
              )}
              {t.status === 'pending' && t.streamId && (
                <div className="answer answer-streaming" data-testid="answer-draft" aria-busy="true">
                  {t.draft ? (
                    <>
                      <div className="draft-label small">Piszę… (tekst niezweryfikowany)</div>
                      <div className="answer-text">
                        <RichText text={t.draft} />
                      </div>
                    </>
                  ) : (
                    <span className="answer-pending">Szukam w dokumentach…</span>
                  )}
                  {t.note && <div className="warn small">{t.note}</div>}
                  <div className="answer-tools">
                    <button onClick={() => stop()} data-testid="stop">
                      ■ Zatrzymaj (Esc)
                    </button>
                  </div>
                </div>
              )}
              {(t.status === 'stopped' || t.status === 'interrupted') && (
                <div className="answer answer-stopped" role="status" data-testid="answer-stopped">
                  {t.note}
                </div>
              )}
              {t.error && (
                <div className="answer answer-error" role="alert" data-testid="answer-error">
                  Nie udało się odpowiedzieć: {t.error}
                </div>
              )}
              {t.result && (t.status === 'answer' || t.status === 'unknown') && (
                <AnswerCard
                  turn={t}
                  result={t.result}
                  onOpenFragment={onOpenFragment}
                  onToggleTrace={() => update(t.key, { traceOpen: !t.traceOpen })}
                  onExport={() => exportSnapshot(t)}
                />
              )}
              {!t.result && t.saved && (
                <div className="answer" data-testid="answer-saved">
                  <div className="answer-text">
                    <RichText text={t.saved.answer} citations={t.saved.citations} onOpen={onOpenFragment} />
                  </div>
                </div>
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
          {busy ? (
            <button className="danger" onClick={() => stop()} data-testid="stop-composer">
              Zatrzymaj
            </button>
          ) : (
            <button className="primary" onClick={() => void ask()} disabled={!question.trim()} data-testid="ask">
              Zapytaj
            </button>
          )}
        </div>
      </div>
    </div>
  );
});

/** Saved conversations: open, search, rename, delete, export to Markdown. */
function ConversationSidebar(props: { activeId?: string; version: number; busy: boolean; onOpen: (id: string) => void; onNew: () => void; onChanged: () => void }) {
  const { activeId, version, busy, onOpen, onNew, onChanged } = props;
  const [items, setItems] = useState<ConversationSummary[]>([]);
  const [query, setQuery] = useState('');
  const [renaming, setRenaming] = useState<string>();
  const [title, setTitle] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<string>();
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    let alive = true;
    const timer = setTimeout(
      () => {
        call('conversations:list', query.trim() ? { query: query.trim() } : {})
          .then((list) => alive && setItems(list))
          .catch((e: Error) => alive && setMessage(e.message));
      },
      query ? 200 : 0,
    );
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [query, version, activeId]);

  // Alt+N starts a new conversation from anywhere in the chat.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.altKey && e.key.toLowerCase() === 'n' && !busy) {
        e.preventDefault();
        onNew();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onNew]);

  const exportMarkdown = async (id: string) => {
    try {
      const r = await call('conversations:export', { id });
      if (!r.path) downloadFile(r.fileName, { text: r.markdown }, 'text/markdown');
      setMessage(r.path ? `Zapisano: ${r.path}` : `Pobrano „${r.fileName}”.`);
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  return (
    <aside className="conv-side" aria-label="Rozmowy" data-testid="conversations">
      <button className="primary" onClick={onNew} disabled={busy} data-testid="new-conversation" title="Alt+N">
        + Nowa rozmowa
      </button>
      <input
        type="search"
        placeholder="Szukaj w rozmowach…"
        aria-label="Szukaj w rozmowach"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="conversation-search"
      />
      {message && (
        <div className="muted small" data-testid="conversation-message">
          {message}
        </div>
      )}
      <ul className="conv-list">
        {items.length === 0 && <li className="muted small">{query ? 'Nic nie znaleziono.' : 'Brak zapisanych rozmów.'}</li>}
        {items.map((c) => (
          <li key={c.id} className={c.id === activeId ? 'conv-item active' : 'conv-item'} data-testid="conversation-item">
            {renaming === c.id ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void call('conversations:rename', { id: c.id, title })
                    .then(() => {
                      setRenaming(undefined);
                      onChanged();
                    })
                    .catch((err: Error) => setMessage(err.message));
                }}
              >
                <input
                  autoFocus
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') {
                      e.stopPropagation();
                      setRenaming(undefined);
                    }
                  }}
                  aria-label="Nowa nazwa rozmowy"
                  data-testid="conversation-title-input"
                />
              </form>
            ) : (
              <button className="conv-open" onClick={() => onOpen(c.id)} disabled={busy} aria-current={c.id === activeId}>
                <span className="conv-title">{c.title}</span>
                <span className="muted small">
                  {c.updatedAt.slice(0, 16).replace('T', ' ')} · {c.turns} {c.turns === 1 ? 'pytanie' : c.turns >= 2 && c.turns <= 4 ? 'pytania' : 'pytań'}
                </span>
                {c.match && <span className="conv-match small">{c.match}</span>}
              </button>
            )}
            {c.id === activeId && renaming !== c.id && (
              <div className="conv-tools">
                <button
                  className="link"
                  onClick={() => {
                    setTitle(c.title);
                    setRenaming(c.id);
                  }}
                  data-testid="conversation-rename"
                >
                  Zmień nazwę
                </button>
                <button className="link" onClick={() => void exportMarkdown(c.id)} data-testid="conversation-export">
                  Eksportuj (Markdown)
                </button>
                {confirmDelete === c.id ? (
                  <button
                    className="link bad"
                    onClick={() => {
                      setConfirmDelete(undefined);
                      void call('conversations:delete', { id: c.id })
                        .then(() => {
                          onNew();
                          onChanged();
                        })
                        .catch((err: Error) => setMessage(err.message));
                    }}
                    data-testid="conversation-delete-confirm"
                  >
                    Na pewno usunąć?
                  </button>
                ) : (
                  <button className="link bad" onClick={() => setConfirmDelete(c.id)} disabled={busy} data-testid="conversation-delete">
                    Usuń
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}

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
            {turn.note && (
              <div className="warn small" data-testid="draft-replaced">
                {turn.note}
              </div>
            )}
            <div className="muted small">{result.trace?.evidence?.reason ?? 'W dokumentach nie znalazłem wystarczających podstaw do odpowiedzi.'}</div>
          </div>
        </div>
      ) : (
        <>
          {turn.note && (
            <div className="warn small" data-testid="draft-replaced">
              {turn.note}
            </div>
          )}
          <div className="answer-text">
            <RichText text={result.answer} citations={result.citations} onOpen={onOpenFragment} />
          </div>
        </>
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
        <span className="muted small">
          {Math.round(result.trace?.totalMs ?? 0)} ms{turn.firstTokenMs !== undefined ? ` · pierwszy fragment tekstu po ${Math.round(turn.firstTokenMs)} ms` : ''}
        </span>
      </div>
      {turn.snapshot && (
        <div className="info-box small" data-testid="snapshot-done">
          Migawka{' '}
          {turn.snapshot.path ? (
            <>
              zapisana: <code>{turn.snapshot.path}</code>
            </>
          ) : (
            <>pobrana jako „{turn.snapshot.fileName}”</>
          )}{' '}
          · SHA-256 <code>{turn.snapshot.sha256.slice(0, 16)}…</code>
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

/** One row per pipeline stage (retrieval's or the answer's): its name, counts and time, and a last column of the caller's choosing. */
function StageTable<S extends { stage: string; inputCount: number; outputCount: number; timingMs: number }>({
  stages,
  lastHeader,
  last,
}: {
  stages: S[];
  lastHeader: string;
  last: (stage: S) => ReactNode;
}) {
  return (
    <table className="trace-table">
      <thead>
        <tr>
          <th>etap</th>
          <th>wejście → wyjście</th>
          <th>czas</th>
          <th>{lastHeader}</th>
        </tr>
      </thead>
      <tbody>
        {stages.map((s, i) => (
          <tr key={i}>
            <td title={s.stage}>{stageLabel(s.stage)}</td>
            <td>
              {s.inputCount} → {s.outputCount}
            </td>
            <td>{ms(s.timingMs)}</td>
            <td className="small">{last(s)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TracePanel({ result, onOpenFragment }: { result: AnswerResult; onOpenFragment: (id: string) => void }) {
  const t = result.trace;
  const r = t?.retrieval;
  if (!t) return <div className="trace muted">Brak śladu dla tej odpowiedzi.</div>;
  return (
    <div className="trace" data-testid="trace">
      {result.followUp && (
        <section>
          <h4>Pytanie uzupełniające</h4>
          <p>
            zadane: „{result.followUp.asked}” · poprzednie: „{result.followUp.previous ?? '—'}” · odpowiadam na: <b>„{result.followUp.standalone}”</b>
            <br />
            <span className="muted small">{result.followUp.reason}</span>
          </p>
        </section>
      )}
      <section>
        <h4>Wyszukiwanie</h4>
        {r && (
          <p>
            tryb: <b>{r.effectiveMode}</b>
            {r.effectiveMode !== r.requestedMode ? ` (zamiast ${r.requestedMode})` : ''} · k={r.k} · kandydaci: {r.candidates} ·{' '}
            {r.perDocCap !== undefined ? `limit na dokument: ${r.perDocCap}` : 'limit na dokument: brak (fragmenty dokumentu łączy etap dowodów)'} · „dziś”: {r.today} · intencja
            czasowa: {r.intent === 'current' ? 'stan obecny' : r.intent === 'history' ? 'historia' : 'neutralna'}
            {r.intentCues?.length ? ` (${r.intentCues.join(', ')})` : ''}
            {r.identifiers?.length ? ` · identyfikatory: ${r.identifiers.map((i) => `${i.value} (${i.matchedChunks})`).join(', ')}` : ''}
          </p>
        )}
        {r?.degraded && <div className="warn-box">Tryb awaryjny: {r.degradedReasons.join(' ')}</div>}
        {r && (
          <StageTable
            stages={r.stages}
            lastHeader="najlepsze"
            last={(s) => (
              <>
                {s.top.map((x) => `${x.source ?? x.id} ${score(x.score)}`).join(' · ')}
                {s.notes?.length ? <div className="muted">{s.notes.join(' ')}</div> : null}
              </>
            )}
          />
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
        <StageTable stages={t.stages ?? []} lastHeader="uwagi" last={(s) => s.notes?.map((n, i) => <div key={i}>{n}</div>)} />
        <p className="small">
          Dowody: wynik {score(t.evidence?.score)} przy progu {score(t.evidence?.threshold)} — {t.evidence?.reason}
          <br />
          Kompresja: {t.compression?.charsBefore} → {t.compression?.charsAfter} znaków (budżet {t.compression?.budget}), wiersze tabel: {t.compression?.tableRowsKept}, zdania:{' '}
          {t.compression?.sentencesKept} zachowane / {t.compression?.sentencesDropped} pominięte
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
