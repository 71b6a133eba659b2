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
  number: 'numer',
  'yes-no': 'tak lub nie',
  reason: 'powód',
  change: 'zmiana',
  description: 'opis',
};

/** How each pipeline stage of the trace reads for the user; the trace keeps the stage ids. */
export const STAGE_LABELS: Record<string, string> = {
  analysis: 'analiza pytania',
  dense: 'wyszukiwanie wektorowe',
  lexical: 'wyszukiwanie leksykalne (BM25)',
  fusion: 'łączenie wyników',
  filters: 'filtry dat',
  rerank: 'ponowne rangowanie',
  'history-expansion': 'decyzje zastąpione',
  identifiers: 'identyfikatory',
  diversity: 'limit na dokument',
  'top-k': 'najlepsze wyniki',
  retrieval: 'wyszukiwanie',
  evidence: 'dowody',
  compression: 'kompresja',
  generation: 'generowanie',
  verification: 'weryfikacja',
};

/** The Polish name of a stage id ("rerank (ponowienie)" → "ponowne rangowanie (ponowienie)"); an unknown id as it is. */
export function stageLabel(stage: string): string {
  const m = /^(.*?)( \(ponowienie\))?$/u.exec(stage);
  const id = m?.[1] ?? stage;
  return `${STAGE_LABELS[id] ?? id}${m?.[2] ?? ''}`;
}
