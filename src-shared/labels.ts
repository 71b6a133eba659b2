/** Polish labels shared by the UI and the CLI. Dependency-free, so the renderer bundle stays small. */
import type { ServiceState } from './ipc';

/** How a service state reads in the status bar and in `sciaga status`. */
export const SERVICE_STATE_LABELS: Record<ServiceState, string> = {
  starting: 'uruchamianie…',
  ready: 'gotowy',
  failed: 'błąd',
  stopped: 'zatrzymany',
  missing: 'brak',
};
