import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { ChunkView, FileRef, RescueMode, StoredDocument, StrategyName } from '../../src-shared/ipc';
import { api, call } from './api';
import { DOCUMENT_ACCEPT, FilePicker } from './file-picker';
import { refName } from './files';
import { IngestProgress, useIngest } from './ingest';
import { SourceView } from './source-view';
import { StrategyChart } from './strategy-chart';
import { STRATEGIES, strategyLabel } from './strategies';
import { useLoad } from './use-load';
import { VirtualList } from './virtual-list';

/** A request from elsewhere (a citation chip) to show a fragment. */
export interface InspectTarget {
  docId: string;
  fragmentId?: string;
  nonce: number;
}

interface Current {
  key: string;
  name: string;
  docId?: string;
  ref?: FileRef;
}

const CARD_HEIGHT = 150;
const DOC_ROW = 50;
const MAX_COMPARED = 8;

export function InspectorPanel({ target, active }: { target?: InspectTarget; active: boolean }) {
  const [docs, setDocs] = useState<StoredDocument[]>([]);
  const [filter, setFilter] = useState('');
  const [current, setCurrent] = useState<Current>();
  const [strategy, setStrategy] = useState<StrategyName>('structural');
  // The chosen fragment by id: it stays right when the chunks arrive after the choice.
  const [selectedId, setSelectedId] = useState<string>();
  // Off by default: rescue calls a model, which is slow; the user asks for it.
  const [rescue, setRescue] = useState<RescueMode>('off');
  const [error, setError] = useState<string>();
  const [compared, setCompared] = useState<Current[]>([]);
  const [force, setForce] = useState(false);
  const ingest = useIngest();

  const refreshDocs = useCallback(() => {
    call('docs:list')
      .then(setDocs)
      .catch((e: Error) => setError(e.message));
  }, []);
  useEffect(() => {
    if (active) refreshDocs();
  }, [active, refreshDocs]);

  const refOf = (c: Current): FileRef | undefined => {
    if (c.ref) return c.ref;
    const d = docs.find((x) => x.docId === c.docId);
    return d ? { kind: 'path', path: d.source } : undefined;
  };

  // The chunks of the current document under the chosen strategy.
  const chunksLoad = useLoad(current && `${current.key}|${current.docId ?? ''}|${strategy}`, async () => {
    // Runs only while the key is defined, that is while a document is open.
    const c = current!;
    const r = await call('chunks:get', c.docId ? { docId: c.docId, strategy } : { file: c.ref!, strategy });
    // An uploaded file lives on the server now; later calls name it by path instead of re-sending it.
    if (c.ref?.kind === 'upload' && api.mode === 'web') setCurrent({ ...c, ref: { kind: 'path', path: r.document.source } });
    return r;
  });
  const result = chunksLoad.data;

  // The comparison follows the compared documents (and the rescue choice).
  const comparedRefs = compared.map(refOf).filter((r): r is FileRef => !!r);
  const rowsLoad = useLoad(comparedRefs.length ? `${compared.map((c) => c.key).join('|')}|${rescue}` : undefined, () => call('chunks:compare', { files: comparedRefs, rescue }));
  const rows = comparedRefs.length ? (rowsLoad.data ?? []) : [];

  const openDoc = useCallback((d: StoredDocument, fragmentId?: string) => {
    const c: Current = { key: `doc:${d.docId}`, name: d.fileName, docId: d.docId };
    setError(undefined);
    setSelectedId(fragmentId);
    setCurrent(c);
    setCompared((prev) => (prev.some((p) => p.key === c.key) ? prev : [c, ...prev].slice(0, MAX_COMPARED)));
  }, []);

  // A citation chip asked for a fragment; the document list may not know its document yet.
  const showTarget = useEffectEvent((t: InspectTarget) => {
    const known = docs.find((x) => x.docId === t.docId);
    (known ? Promise.resolve(docs) : call('docs:list'))
      .then((list) => {
        if (!known) setDocs(list);
        const found = list.find((x) => x.docId === t.docId);
        if (found) openDoc(found, t.fragmentId);
        else setError('Tego dokumentu nie ma już w bazie.');
      })
      .catch((e: Error) => setError(e.message));
  });
  useEffect(() => {
    if (target) showTarget(target);
  }, [target]);

  const chunks = useMemo(() => result?.chunks ?? [], [result]);
  const selected = Math.max(
    0,
    chunks.findIndex((c) => c.id === selectedId),
  );
  const select = useCallback((i: number) => setSelectedId(chunks[i]?.id), [chunks]);

  const openExternal = async (refs: FileRef[]) => {
    const ref = refs[0];
    if (!ref) return;
    // Not compared automatically: five strategies over a large file can take minutes.
    setError(undefined);
    setSelectedId(undefined);
    setCurrent({ key: `file:${refName(ref)}:${Date.now()}`, name: refName(ref), ref });
  };

  const runIngest = async (refs: FileRef[]) => {
    if (!refs.length) return;
    await ingest.run(refs, force);
    refreshDocs();
  };

  const toggleCompared = (d: StoredDocument) => {
    const key = `doc:${d.docId}`;
    setCompared((prev) => (prev.some((p) => p.key === key) ? prev.filter((p) => p.key !== key) : [...prev, { key, name: d.fileName, docId: d.docId }].slice(-MAX_COMPARED)));
  };

  const shownDocs = useMemo(() => {
    const q = filter.trim().toLocaleLowerCase('pl');
    if (!q) return docs;
    return docs.filter((d) => `${d.fileName} ${d.title ?? ''} ${d.decisionId ?? ''}`.toLocaleLowerCase('pl').includes(q));
  }, [docs, filter]);

  const currentDoc = docs.find((d) => d.docId === current?.docId);
  const orphans = chunks.filter((c) => c.orphan).length;
  const maxTokens = chunks.reduce((m, c) => Math.max(m, c.metadata.tokenCount), 0);

  return (
    <div className="inspector">
      <aside className="side">
        <section className="ingest-box">
          <h3>Dodaj do bazy</h3>
          <FilePicker
            className="primary"
            disabled={ingest.state.running}
            label="Wybierz pliki do zaindeksowania…"
            filters="documents"
            accept={DOCUMENT_ACCEPT}
            multiple
            testId="ingest-input"
            onRefs={runIngest}
          />
          <label className="small">
            <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> także pliki bez zmian
          </label>
          <IngestProgress state={ingest.state} />
        </section>
        <section className="docs-box">
          <h3>
            Dokumenty w bazie <span className="muted">({docs.length})</span>
          </h3>
          <input type="search" placeholder="Szukaj dokumentu…" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Szukaj dokumentu" />
          {docs.length === 0 ? (
            <p className="muted small">Baza jest pusta. Zaindeksuj pliki powyżej albo obejrzyj plik spoza bazy.</p>
          ) : (
            <VirtualList
              items={shownDocs}
              rowHeight={DOC_ROW}
              className="doc-list"
              label="Dokumenty w bazie"
              testId="doc-list"
              renderRow={(d) => {
                const isOpen = current?.docId === d.docId;
                const inChart = compared.some((c) => c.key === `doc:${d.docId}`);
                return (
                  <div className={isOpen ? 'doc-row active' : 'doc-row'}>
                    <input type="checkbox" checked={inChart} onChange={() => toggleCompared(d)} title="Porównaj na wykresie" aria-label={`Porównaj ${d.fileName}`} />
                    <button className="doc-open" onClick={() => openDoc(d)} data-testid="doc-item" title={d.source}>
                      <span className="doc-title">
                        {d.decisionId && <b>{d.decisionId} </b>}
                        {d.title ?? d.fileName}
                      </span>
                      <span className="doc-sub">
                        {d.chunks} fragm.{d.superseded && <span className="badge badge-old">zastąpiona</span>}
                      </span>
                    </button>
                  </div>
                );
              }}
            />
          )}
          <FilePicker label="Obejrzyj plik spoza bazy…" filters="documents" accept={DOCUMENT_ACCEPT} testId="inspect-input" onRefs={openExternal} />
        </section>
      </aside>

      <section className="detail">
        {!current && (
          <div className="empty">
            <h2>Inspektor fragmentów</h2>
            <p>Wybierz dokument z bazy albo plik spoza niej, aby zobaczyć, na jakie fragmenty dzieli go każda strategia i czy fragmenty zachowują swoje nagłówki.</p>
          </div>
        )}
        {current && (
          <>
            <header className="detail-head">
              <h2 data-testid="inspector-title">{result?.document.title ?? current.name}</h2>
              {currentDoc?.superseded && <span className="badge badge-old">decyzja zastąpiona</span>}
              {!compared.some((c) => c.key === current.key) && (
                <button className="link" onClick={() => setCompared((prev) => [...prev, current].slice(-MAX_COMPARED))} data-testid="add-to-compare">
                  + dodaj do porównania strategii
                </button>
              )}
              <span className="muted">
                {result?.document.fileName} · {result?.document.format}
                {result?.document.pageCount ? ` · ${result.document.pageCount} str.` : ''}
              </span>
            </header>
            {result?.document.notes?.length ? <div className="info-box small">{result.document.notes.join(' ')}</div> : null}
            <div className="strategy-switch" role="radiogroup" aria-label="Strategia podziału">
              {STRATEGIES.map((s) => (
                <button
                  key={s.id}
                  role="radio"
                  aria-checked={strategy === s.id}
                  className={strategy === s.id ? 'seg-btn active' : 'seg-btn'}
                  onClick={() => (setStrategy(s.id), setSelectedId(undefined))}
                >
                  {s.label}
                </button>
              ))}
            </div>
            {(error ?? chunksLoad.error) && <div className="error-box">{error ?? chunksLoad.error}</div>}
            {result && (
              <div className="chunk-stats" data-testid="chunk-stats">
                {chunksLoad.loading ? 'Wczytywanie… · ' : ''}
                <b>{chunks.length}</b> fragmentów ({strategyLabel(result.strategy)}) · bez nagłówka: <b className={orphans ? 'bad' : 'good'}>{orphans}</b> (
                {chunks.length ? Math.round((orphans / chunks.length) * 100) : 0}%) · najdłuższy: {maxTokens} tokenów
              </div>
            )}
            {result && (
              <div className="chunk-split">
                <VirtualList
                  items={chunks}
                  rowHeight={CARD_HEIGHT}
                  className="chunk-list"
                  label="Fragmenty"
                  testId="chunk-list"
                  scrollToIndex={selected}
                  renderRow={(c, i) => <ChunkCard chunk={c} selected={i === selected} onSelect={() => select(i)} />}
                />
                <SourceView text={result.document.text} chunks={chunks} selected={selected} onSelect={select} />
              </div>
            )}
          </>
        )}
        {compared.length > 0 && (
          <section className="compare">
            <h3>Porównanie strategii</h3>
            <p className="muted small">
              Porównywane: {compared.map((c) => c.name).join(', ')}. Zaznacz dokumenty na liście, aby je dodać (do {MAX_COMPARED}).
            </p>
            <label className="small">
              Strukturalne z kontekstem dopisanym przez model:{' '}
              <select value={rescue} onChange={(e) => setRescue(e.target.value as RescueMode)} data-testid="compare-rescue">
                <option value="off">wyłączone</option>
                <option value="llama">lokalny model GGUF</option>
                <option value="endpoint">model na lokalnym serwerze</option>
              </select>
            </label>
            {rowsLoad.error && <div className="error-box">{rowsLoad.error}</div>}
            {rowsLoad.loading && <p className="busy small">Dzielę dokumenty każdą strategią…</p>}
            <StrategyChart rows={rows} />
          </section>
        )}
      </section>
    </div>
  );
}

function ChunkCard({ chunk, selected, onSelect }: { chunk: ChunkView; selected: boolean; onSelect: () => void }) {
  const m = chunk.metadata;
  return (
    <article className={`chunk-card${selected ? ' selected' : ''}${chunk.orphan ? ' orphan' : ''}`} onClick={onSelect} data-testid="chunk-card" data-chunk-id={chunk.id}>
      <div className="chunk-head">
        <span className="chunk-no">
          #{m.chunkIndex + 1}/{m.chunkTotal}
        </span>
        <span className="chunk-tokens">{m.tokenCount} tok.</span>
        {chunk.orphan ? (
          <span className="badge badge-bad">bez nagłówka</span>
        ) : chunk.unattributed ? (
          <span className="badge badge-bad">bez przypisania</span>
        ) : (
          <span className="badge badge-ok">{m.context ? 'z kontekstem' : 'z nagłówkiem'}</span>
        )}
        {m.ocr && (
          <span
            className={`badge ${(m.ocrConfidence ?? 0) < 70 ? 'badge-bad' : 'badge-old'}`}
            data-testid="chunk-ocr"
            title="Tekst rozpoznany ze skanu (OCR); pewność rozpoznania strony"
          >
            OCR {m.ocrConfidence}%
          </span>
        )}
        {m.superseded && <span className="badge badge-old">zastąpiona{m.supersededBy ? ` przez ${m.supersededBy}` : ''}</span>}
      </div>
      <div className="breadcrumb" data-testid="chunk-breadcrumb" title={m.breadcrumb.join(' › ')}>
        {/* The innermost heading matters most: the path above it gives way first when space runs out. */}
        <span className="crumb-path">{m.breadcrumb.slice(0, -1).join(' › ')}</span>
        {m.breadcrumb.length > 1 && <span className="crumb-sep"> › </span>}
        <span className="crumb-last">{m.breadcrumb[m.breadcrumb.length - 1]}</span>
      </div>
      <div className="chunk-meta">
        <span title="ID fragmentu">{chunk.id}</span>
        {m.decisionId && <span>decyzja {m.decisionId}</span>}
        {m.date && <span>{m.date}</span>}
        {m.section && <span>sekcja: {m.section}</span>}
        {m.page !== undefined && (
          <span>
            str. {m.page}
            {m.pageEnd && m.pageEnd !== m.page ? `–${m.pageEnd}` : ''}
          </span>
        )}
      </div>
      {m.context && (
        <div className="chunk-context" data-testid="chunk-context" title={`Zdanie dopisane przez model ${m.contextModel ?? ''} przed osadzeniem; nie pochodzi z dokumentu`}>
          <b>Kontekst (dopisany przez model):</b> {m.context}
        </div>
      )}
      <div className="chunk-body">{chunk.body}</div>
    </article>
  );
}
