/** Polish labels shared by the UI and the CLI. Dependency-free, so the renderer bundle stays small. */
import type { ServiceState } from './ipc';
import type { AnswerType } from './query';

/** How a service state reads in the status bar and in `sciaga status`. */
export const SERVICE_STATE_LABELS: Record<ServiceState, string> = {
  starting: 'uruchamianie…',
  ready: 'gotowy',
  failed: 'błąd',
  stopped: 'zatrzymany',
  missing: 'brak',
};

/** How an expected answer type reads for the user (the trace, and "Nie znalazłem: …"). */
export const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  amount: 'kwota',
  count: 'liczba',
  sum: 'suma',
  hour: 'godzina',
  date: 'data lub dzień',
  person: 'osoba',
  organisation: 'firma lub instytucja',
  place: 'miejsce',
  'yes-no': 'tak lub nie',
  reason: 'powód',
  change: 'zmiana',
  description: 'opis',
};
