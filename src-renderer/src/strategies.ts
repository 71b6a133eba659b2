import type { StrategyName } from '../../src-shared/ipc';

export const STRATEGIES: { id: StrategyName; label: string }[] = [
  { id: 'char-600-100', label: '600/100' },
  { id: 'char-1000-100', label: '1000/100' },
  { id: 'char-1500-100', label: '1500/100' },
  { id: 'char-2000-100', label: '2000/100' },
  { id: 'structural', label: 'strukturalne' },
];

export function strategyLabel(name: string): string {
  const known = STRATEGIES.find((s) => s.id === name);
  if (known) return known.label;
  if (name === 'paragraph-pack') return 'strukturalne (akapity)';
  const m = /^char-(\d+)-(\d+)$/.exec(name);
  return m ? `${m[1]}/${m[2]}` : name;
}

/** The comparison column of structural chunking after context rescue. */
export const RESCUE_COLUMN = 'structural+kontekst';

/** Structural variants all land in the structural column; rescued ones in their own. */
export const strategyColumn = (name: string): string => (name.endsWith('+kontekst') ? RESCUE_COLUMN : name === 'paragraph-pack' ? 'structural' : name);
