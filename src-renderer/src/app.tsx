import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppStatus } from '../../src-shared/ipc';
import { api, call } from './api';
import { ChatPanel, type ChatHandle } from './chat-panel';
import { HygienePanel } from './hygiene-panel';
import { InspectorPanel, type InspectTarget } from './inspector-panel';
import { SettingsPanel } from './settings-panel';
import { StatusBar } from './status-bar';
import { docIdOfChunk } from '../../src-shared/chunk-id';

type Panel = 'hygiene' | 'inspector' | 'chat';

const PANELS: { id: Panel; label: string }[] = [
  { id: 'hygiene', label: 'Higiena dokumentów' },
  { id: 'inspector', label: 'Inspektor fragmentów' },
  { id: 'chat', label: 'Czat' },
];

export function App() {
  const [panel, setPanel] = useState<Panel>('chat');
  const [status, setStatus] = useState<AppStatus>();
  const [statusError, setStatusError] = useState<string>();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Bumped when the settings drawer closes, so the chat picks up a newly chosen generator.
  const [settingsNonce, setSettingsNonce] = useState(0);
  const settingsShown = useRef(false);
  useEffect(() => {
    settingsShown.current = settingsOpen;
  }, [settingsOpen]);
  const closeSettings = useCallback(() => {
    if (settingsShown.current) setSettingsNonce((n) => n + 1);
    setSettingsOpen(false);
  }, []);
  const [target, setTarget] = useState<InspectTarget>();
  const chat = useRef<ChatHandle>(null);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      try {
        const s = await call('app:status');
        if (!alive) return;
        setStatus(s);
        setStatusError(undefined);
        // Chroma and the model start in the background: poll quickly until they settle.
        const settling = s.chroma.state === 'starting' || s.embedding.state === 'starting';
        timer = setTimeout(refresh, settling ? 1000 : 10_000);
      } catch (e) {
        if (!alive) return;
        setStatusError((e as Error).message);
        timer = setTimeout(refresh, 3000);
      }
    };
    void refresh();
    const off = api.on('status:changed', (s) => setStatus(s));
    return () => {
      alive = false;
      clearTimeout(timer);
      off();
    };
  }, []);

  // Keyboard: Ctrl/Cmd+K goes to the question, Esc closes the settings drawer.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setPanel('chat');
        closeSettings();
        // The panel is shown on the next render; focus after it.
        requestAnimationFrame(() => chat.current?.focusQuestion());
      } else if (e.key === 'Escape') {
        closeSettings();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closeSettings]);

  const openFragment = useCallback((fragmentId: string) => {
    const docId = docIdOfChunk(fragmentId);
    setTarget({ docId, fragmentId, nonce: Date.now() });
    setPanel('inspector');
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Ściąga</h1>
        <nav role="tablist" aria-label="Obszary aplikacji">
          {PANELS.map((p) => (
            <button
              key={p.id}
              role="tab"
              id={`tab-${p.id}`}
              aria-selected={panel === p.id}
              aria-controls={`panel-${p.id}`}
              className={panel === p.id ? 'tab active' : 'tab'}
              onClick={() => setPanel(p.id)}
            >
              {p.label}
            </button>
          ))}
        </nav>
        <button className="settings-btn" onClick={() => setSettingsOpen(true)} aria-haspopup="dialog" data-testid="open-settings">
          ⚙ Ustawienia
        </button>
      </header>
      {/* Panels stay mounted so a conversation survives a visit to the inspector. */}
      <main className="panel" role="tabpanel" id="panel-hygiene" aria-labelledby="tab-hygiene" hidden={panel !== 'hygiene'}>
        <HygienePanel />
      </main>
      <main className="panel" role="tabpanel" id="panel-inspector" aria-labelledby="tab-inspector" hidden={panel !== 'inspector'}>
        <InspectorPanel target={target} active={panel === 'inspector'} />
      </main>
      <main className="panel panel-chat" role="tabpanel" id="panel-chat" aria-labelledby="tab-chat" hidden={panel !== 'chat'}>
        <ChatPanel ref={chat} onOpenFragment={openFragment} settingsNonce={settingsNonce} />
      </main>
      <StatusBar status={status} error={statusError} />
      {settingsOpen && <SettingsPanel status={status} onClose={closeSettings} />}
    </div>
  );
}
