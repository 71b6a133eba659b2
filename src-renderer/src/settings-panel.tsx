import { useEffect, useState } from 'react';
import type { AppStatus, EventMap, LlmInfo, ModelInfo, Settings, SettingsPatch } from '../../src-shared/ipc';
import { api, call } from './api';
import { IngestProgress, useIngest } from './ingest';

const stateText: Record<AppStatus['chroma']['state'], string> = {
  starting: 'uruchamianie…',
  ready: 'gotowy',
  failed: 'błąd',
  stopped: 'zatrzymany',
  missing: 'brak',
};

export function SettingsPanel({ status, onClose }: { status?: AppStatus; onClose: () => void }) {
  const [settings, setSettings] = useState<Settings>({});
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetInfo, setResetInfo] = useState<string>();
  const ingest = useIngest();
  const [models, setModels] = useState<ModelInfo[]>();
  const [modelBusy, setModelBusy] = useState<string>();
  const [modelProgress, setModelProgress] = useState<EventMap['model:progress']>();

  useEffect(() => {
    call('settings:get')
      .then(setSettings)
      .catch((e: Error) => setError(e.message));
  }, []);

  const save = async (patch: SettingsPatch) => {
    setError(undefined);
    try {
      setSettings(await call('settings:set', patch));
      setSaved('Zapisano.');
      setTimeout(() => setSaved(undefined), 1500);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const resetAndReindex = async () => {
    setConfirmReset(false);
    setError(undefined);
    const documents = status?.documents ?? 0;
    setResetInfo(`Czyszczę bazę i indeksuję ponownie ${documents} dokumentów…`);
    const summary = await ingest.runWith(() => call('store:reindex'), documents);
    // The progress block below carries the details (and the error); this line only must not stay "in progress".
    setResetInfo(summary ? `Wyczyszczono bazę i zaindeksowano ponownie ${summary.files.length} dokumentów.` : 'Ponowne indeksowanie nie powiodło się.');
    refreshModels();
  };

  const refreshModels = () =>
    call('models:list')
      .then(setModels)
      .catch((e: Error) => {
        setModels((m) => m ?? []);
        setError(e.message);
      });
  useEffect(() => {
    refreshModels();
  }, []);

  const modelAction = async (label: string, action: () => Promise<unknown>) => {
    setError(undefined);
    setModelBusy(label);
    try {
      await action();
      refreshModels();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setModelBusy(undefined);
      setModelProgress(undefined);
    }
  };

  useEffect(() => api.on('model:progress', (p) => setModelProgress(p)), []);

  const importFolder = () =>
    modelAction('Importuję model…', async () => {
      const refs = await call('dialog:open-folder');
      if (refs[0]) await call('models:import', { folder: refs[0] });
    });

  const e5 = status?.embedding;
  const chroma = status?.chroma;
  const electron = api.mode === 'electron';

  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <aside className="drawer" role="dialog" aria-modal="true" aria-label="Ustawienia" onClick={(e) => e.stopPropagation()} data-testid="settings">
        <header className="drawer-head">
          <h2>Ustawienia</h2>
          <button className="icon" onClick={onClose} aria-label="Zamknij ustawienia (Esc)">
            ✕
          </button>
        </header>
        {error && <div className="error-box">{error}</div>}
        {saved && <div className="info-box small">{saved}</div>}

        <section>
          <h3>Modele</h3>
          <dl className="kv">
            <dt>Model osadzeń</dt>
            <dd data-testid="settings-model">
              {e5?.modelId ?? '—'} — <span className={`state state-${e5?.state ?? 'starting'}`}>{stateText[e5?.state ?? 'starting']}</span>
              {e5?.dimension ? ` · wymiar ${e5.dimension}` : ''}
              {e5?.message && <div className="muted small">{e5.message}</div>}
            </dd>
            <dt>Plik GGUF (lokalny generator)</dt>
            <dd>
              <PathField value={settings.ggufPath ?? ''} placeholder="np. /home/ja/modele/gemma-3-270m.gguf" onSave={(v) => save({ ggufPath: v })} />
            </dd>
            <dt>Serwer na localhost</dt>
            <dd>
              <PathField value={settings.endpointUrl ?? ''} placeholder="http://127.0.0.1:11434/v1" onSave={(v) => save({ endpointUrl: v })} />
              <PathField value={settings.endpointModel ?? ''} placeholder="nazwa modelu, np. gemma3:1b" onSave={(v) => save({ endpointModel: v })} />
            </dd>
          </dl>
          <table className="models-table" data-testid="models">
            <thead>
              <tr>
                <th>Model osadzeń</th>
                <th>wymiar</th>
                <th>rozmiar</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {!models && (
                <tr>
                  <td colSpan={4} className="muted small">
                    Wczytywanie listy modeli…
                  </td>
                </tr>
              )}
              {models?.map((m) => (
                <tr key={m.id} className={m.active ? 'active' : ''}>
                  <td title={m.folder ?? m.source ?? ''}>
                    {m.id}
                    {m.sha256 && (
                      <div className="muted small" title={m.sha256} data-testid="model-sha256">
                        SHA-256 {m.sha256.slice(0, 12)}…
                      </div>
                    )}
                  </td>
                  <td>{m.dimension}</td>
                  <td>{m.sizeBytes ? `${m.installed ? '' : 'ok. '}${Math.round(m.sizeBytes / 1e6)} MB` : '—'}</td>
                  <td>
                    {m.active ? (
                      <span className="badge badge-ok">w użyciu</span>
                    ) : m.installed ? (
                      <button disabled={!!modelBusy} onClick={() => modelAction('Przełączam model…', () => call('models:select', { modelId: m.id }))}>
                        Użyj
                      </button>
                    ) : electron ? (
                      <button disabled={!!modelBusy} onClick={() => modelAction(`Pobieram ${m.id}…`, () => call('models:download', { modelId: m.id }))}>
                        Pobierz
                      </button>
                    ) : (
                      <span className="muted small">niezainstalowany</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {modelBusy && (
            <div className="small">
              {modelBusy}
              {modelProgress && modelProgress.total > 0 && <ProgressBar done={modelProgress.done} total={modelProgress.total} />}
            </div>
          )}
          {electron ? (
            <div className="model-actions">
              <button onClick={importFolder} disabled={!!modelBusy}>
                Importuj folder modelu…
              </button>
              <p className="muted small">Pobieranie łączy się z internetem tylko po naciśnięciu „Pobierz”. Po zmianie modelu baza wymaga ponownego zaindeksowania.</p>
            </div>
          ) : (
            <p className="info-box small" data-testid="web-models-note">
              W trybie przeglądarki nie można pobierać ani importować modeli — strona nie ma dostępu do dysku. Możesz przełączyć się między zainstalowanymi modelami i wskazać plik
              GGUF albo serwer na localhost. Aby pobrać lub zaimportować model osadzeń, użyj aplikacji desktopowej albo polecenia <code>npm run model:e5</code>, a potem uruchom
              ponownie <code>sciaga web</code>.
            </p>
          )}
        </section>

        <LlmSection electron={electron} />

        <section>
          <h3>Baza wektorów (Chroma)</h3>
          <dl className="kv">
            <dt>Stan</dt>
            <dd>
              <span className={`state state-${chroma?.state ?? 'starting'}`}>{stateText[chroma?.state ?? 'starting']}</span>
              {chroma?.serverVersion ? ` · wersja ${chroma.serverVersion}` : ''}
              {chroma?.message && <div className="muted small">{chroma.message}</div>}
            </dd>
            <dt>Adres</dt>
            <dd>
              <code>{chroma?.url ?? '—'}</code>
            </dd>
            <dt>Skąd</dt>
            <dd>
              {chroma?.launcher ?? '—'}
              <div className="muted small">
                Domyślnie aplikacja uruchamia własny serwer w folderze danych. Zmienna środowiskowa <code>CHROMA_URL</code> wskazuje zamiast tego istniejący serwer.
              </div>
            </dd>
            <dt>Folder danych</dt>
            <dd>
              <code data-testid="settings-datadir">{status?.dataDir ?? '—'}</code>
            </dd>
            <dt>Zawartość</dt>
            <dd data-testid="store-contents">
              {status?.documents ?? 0} dokumentów · {status?.chunks ?? 0} fragmentów
            </dd>
          </dl>
          {!confirmReset ? (
            <button className="danger" onClick={() => setConfirmReset(true)} disabled={ingest.state.running} data-testid="reset-reindex">
              Wyczyść i zaindeksuj ponownie
            </button>
          ) : (
            <div className="confirm">
              <p data-testid="reset-question">
                Usunąć wszystkie {status?.chunks ?? 0} fragmentów z bazy i zaindeksować {status?.documents ?? 0} dokumentów od nowa? Pliki na dysku zostaną bez zmian.
              </p>
              <button className="danger" onClick={resetAndReindex} data-testid="reset-confirm">
                Tak, wyczyść i zaindeksuj
              </button>
              <button onClick={() => setConfirmReset(false)}>Anuluj</button>
            </div>
          )}
          {resetInfo && (
            <p className="small" data-testid="reset-info">
              {resetInfo}
            </p>
          )}
          <IngestProgress state={ingest.state} />
        </section>

        <section>
          <h3>Wersje</h3>
          <dl className="kv small">
            <dt>Ściąga</dt>
            <dd>{status?.appVersion}</dd>
            {Object.entries(status?.versions ?? {}).map(([k, v]) => (
              <FragmentKV key={k} k={k} v={v} />
            ))}
          </dl>
          <p className="muted small">Tryb: {api.mode === 'electron' ? 'aplikacja desktopowa' : 'przeglądarka (serwer lokalny na 127.0.0.1)'}</p>
        </section>
      </aside>
    </div>
  );
}

/** A model download's progress (both model sections), with the stage's message when there is one. */
function ProgressBar({ done, total, message }: { done: number; total: number; message?: string }) {
  const pct = Math.round((100 * done) / total);
  return (
    <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
      <div className="progress-fill" style={{ width: `${(100 * done) / total}%` }} />
      <span className="progress-text">{message === undefined ? `${pct}%` : `${message} ${pct}%`}</span>
    </div>
  );
}

function FragmentKV({ k, v }: { k: string; v: string }) {
  return (
    <>
      <dt>{k}</dt>
      <dd>{v}</dd>
    </>
  );
}

function PathField({ value, placeholder, onSave }: { value: string; placeholder: string; onSave: (v: string) => void }) {
  const [v, setV] = useState(value);
  // A newly saved value replaces the draft, adjusted while rendering (no effect, no extra render).
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setV(value);
  }
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(v.trim());
      }}
    >
      <input value={v} placeholder={placeholder} onChange={(e) => setV(e.target.value)} aria-label={placeholder} />
      <button type="submit" disabled={v === value}>
        Zapisz
      </button>
    </form>
  );
}

const size = (b?: number) => (b ? (b >= 1e9 ? `${(b / 1e9).toFixed(2)} GB` : `${Math.round(b / 1e6)} MB`) : '—');

/** Local language models: the curated catalogue, installed files, the default generator. */
function LlmSection({ electron }: { electron: boolean }) {
  const [llms, setLlms] = useState<LlmInfo[]>();
  const [busy, setBusy] = useState<string>();
  const [progress, setProgress] = useState<EventMap['model:progress']>();
  const [error, setError] = useState<string>();

  const refresh = () =>
    call('llm:list')
      .then(setLlms)
      .catch((e: Error) => setError(e.message));
  useEffect(() => {
    void refresh();
  }, []);
  useEffect(() => api.on('model:progress', (p) => setProgress(p)), []);

  const run = async (label: string, action: () => Promise<unknown>) => {
    setError(undefined);
    setBusy(label);
    try {
      await action();
      await refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
      setProgress(undefined);
    }
  };

  const anyActive = llms?.some((m) => m.active);
  return (
    <section data-testid="llm-section">
      <h3>Modele językowe (GGUF)</h3>
      <p className="muted small">
        Lokalny model pisze odpowiedź własnymi słowami; odpowiedź wyciągnięta z dokumentów zostaje zapasem i sprawdza każde zdanie modelu. Pobieranie łączy się z internetem tylko
        po naciśnięciu „Pobierz”, wznawia przerwane pobieranie i sprawdza sumę SHA-256.
      </p>
      {error && <div className="error-box">{error}</div>}
      <table className="models-table" data-testid="llm-models">
        <thead>
          <tr>
            <th>Model</th>
            <th>rozmiar</th>
            <th>licencja · kontekst</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {!llms && (
            <tr>
              <td colSpan={4} className="muted small">
                Wczytywanie…
              </td>
            </tr>
          )}
          {llms?.map((m) => (
            <tr key={m.id} className={m.active ? 'active' : ''} data-testid="llm-row" data-installed={m.installed}>
              <td>
                <b>{m.name}</b> {m.quantization && <span className="muted small">{m.quantization}</span>}
                <div className="muted small" data-testid="llm-sha256" title={m.sha256 ?? ''}>
                  {m.sha256 ? `SHA-256 ${m.sha256.slice(0, 16)}…` : m.installed ? 'plik lokalny' : 'SHA-256: niepotwierdzona'}
                </div>
                {m.page && <div className="muted small">źródło: {m.page.replace('https://', '')}</div>}
                {m.note && <div className="muted small">{m.note}</div>}
                {m.ram?.message && <div className={m.ram.ok ? 'warn small' : 'bad small'}>{m.ram.message}</div>}
              </td>
              <td>{size(m.sizeBytes)}</td>
              <td className="small">
                {m.licence ?? '—'} · {m.contextLength ?? '—'} tok.
              </td>
              <td>
                {m.active ? (
                  <span className="badge badge-ok">domyślny generator</span>
                ) : m.installed ? (
                  <button disabled={!!busy || m.ram?.ok === false} onClick={() => void run('Ustawiam generator…', () => call('llm:select', { id: m.id }))} data-testid="llm-use">
                    Użyj jako domyślny
                  </button>
                ) : m.downloadable ? (
                  <button disabled={!!busy} onClick={() => void run(`Pobieram ${m.name}…`, () => call('llm:download', { id: m.id }))} data-testid="llm-download">
                    Pobierz
                  </button>
                ) : (
                  <span className="muted small">tylko import</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {busy && (
        <div className="small">
          {busy}
          {progress && progress.total > 0 && <ProgressBar done={progress.done} total={progress.total} message={progress.message} />}
        </div>
      )}
      <div className="model-actions">
        {anyActive && (
          <button disabled={!!busy} onClick={() => void run('Ustawiam generator…', () => call('llm:select', { id: null }))}>
            Wróć do odpowiedzi z dokumentów (bez modelu)
          </button>
        )}
        {electron ? (
          <button
            disabled={!!busy}
            onClick={() =>
              void run('Importuję plik .gguf…', async () => {
                const refs = await call('dialog:open-files', { filters: 'gguf' });
                if (refs[0]) await call('llm:import', { file: refs[0] });
              })
            }
          >
            Importuj plik .gguf…
          </button>
        ) : (
          <p className="muted small">Import pliku .gguf działa w aplikacji desktopowej; w przeglądarce skopiuj plik do folderu „models/gguf” w folderze danych.</p>
        )}
      </div>
    </section>
  );
}
