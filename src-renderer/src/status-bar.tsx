import type { AppStatus } from '../../src-shared/ipc';
import { SERVICE_STATE_LABELS } from '../../src-shared/labels';

const stateLabel = SERVICE_STATE_LABELS;

export function StatusBar({ status, error }: { status?: AppStatus; error?: string }) {
  if (!status) {
    return (
      <footer className="status-bar" role="status">
        {error ? <span className="state state-failed">Brak połączenia z aplikacją: {error}</span> : 'Łączenie…'}
      </footer>
    );
  }
  return (
    <footer className="status-bar" role="status">
      <span className={`state state-${status.chroma.state}`} data-testid="status-chroma" title={status.chroma.message ?? status.chroma.url ?? ''}>
        Chroma: {stateLabel[status.chroma.state]}
      </span>
      <span className={`state state-${status.embedding.state}`} data-testid="status-model" title={status.embedding.message ?? ''}>
        Model e5: {stateLabel[status.embedding.state]}
        {status.embedding.state === 'missing' ? ' (tylko wyszukiwanie leksykalne)' : ''}
      </span>
      <span data-testid="status-docs">
        Dokumenty: {status.documents} · fragmenty: {status.chunks}
      </span>
      <span className="status-data" title={status.dataDir}>
        Dane: {status.dataDir}
      </span>
      {status.chroma.state === 'failed' && <span className="status-message">{status.chroma.message}</span>}
      {status.notices?.map((n) => (
        <span key={n} className="status-message" data-testid="status-notice">
          {n}
        </span>
      ))}
    </footer>
  );
}
