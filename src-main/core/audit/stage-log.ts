/**
 * The one helper every pipeline stage runs through (retrieval and answering alike): it times the
 * stage, takes the counts and notes the stage reports about its own result, and appends one record
 * to the trace. Stages stay functions over plain data; none of them reads a clock or pushes to a
 * trace itself.
 */
import type { StageCount } from '../../../src-shared/answer';
import type { ScoredId } from '../../../src-shared/retrieval';

/** What a stage returns: its value for the next stage, and what the trace says about it. */
export interface Staged<T> {
  value: T;
  outputCount: number;
  /** Overrides the input count given to `run` (when only the stage knows what it read). */
  inputCount?: number;
  notes?: string[];
  /** Retrieval stages: the best few results after the stage. */
  top?: ScoredId[];
  /** Retrieval stages: timings of the stage's parts (e.g. `embedQueryMs`). */
  timings?: Record<string, number>;
}

export type StageRecord = StageCount & Pick<Staged<unknown>, 'top' | 'timings'>;

export class StageLog {
  readonly records: StageRecord[] = [];

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Runs one stage named `name` over `inputCount` items, records it and returns its value. */
  async run<T>(name: string, inputCount: number, stage: () => Staged<T> | Promise<Staged<T>>): Promise<T> {
    const started = this.clock();
    const out = await stage();
    this.records.push({
      stage: name,
      inputCount: out.inputCount ?? inputCount,
      outputCount: out.outputCount,
      ...(out.top ? { top: out.top } : {}),
      timingMs: this.clock() - started,
      ...(out.timings ? { timings: out.timings } : {}),
      ...(out.notes ? { notes: out.notes } : {}),
    });
    return out.value;
  }

  /** A point on this log's clock, for a whole-run total with `since`. */
  now(): number {
    return this.clock();
  }

  since(started: number): number {
    return this.clock() - started;
  }
}
