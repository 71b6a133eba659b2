import { useEffect, useState } from 'react';
import type { AppStatus } from '../../src-shared/ipc';
import { api, call } from './api';
import { StatusBar } from './status-bar';

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

  useEffect(() => {
    let alive = true;
    const refresh = () =>
      call('app:status')
        .then((s) => alive && (setStatus(s), setStatusError(undefined)))
        .catch((e: Error) => alive && setStatusError(e.message));
    void refresh();
    // Chroma starts in the background; poll until both services settle, events update later.
    const timer = setInterval(refresh, 1500);
    const off = api.on('status:changed', (s) => setStatus(s));
    return () => {
      alive = false;
      clearInterval(timer);
      off();
    };
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Ściąga</h1>
        <nav role="tablist" aria-label="Obszary aplikacji">
          {PANELS.map((p) => (
            <button key={p.id} role="tab" aria-selected={panel === p.id} className={panel === p.id ? 'tab active' : 'tab'} onClick={() => setPanel(p.id)}>
              {p.label}
            </button>
          ))}
        </nav>
      </header>
      <main className="panel" role="tabpanel">
        <p className="not-built">Ten obszar nie jest jeszcze zbudowany.</p>
      </main>
      <StatusBar status={status} error={statusError} />
    </div>
  );
}
