import { describe, expect, it } from 'vitest';
import { StageLog } from '../../src-main/core/audit/stage-log';

describe('StageLog: the one stage helper', () => {
  it('times each stage on its clock, takes the counts the stage reports and returns its value', async () => {
    let now = 100;
    const log = new StageLog(() => now);
    const doubled = await log.run('double', 3, () => {
      now += 7;
      return { value: [2, 4, 6], outputCount: 3, notes: ['x2'] };
    });
    const kept = await log.run('filter', doubled.length, async () => {
      now += 2;
      const value = doubled.filter((n) => n > 2);
      return { value, outputCount: value.length, top: [{ id: 'a', score: 1 }], timings: { innerMs: 1 } };
    });
    const counted = await log.run('count', 0, () => ({ value: kept.length, inputCount: kept.length, outputCount: 1 }));
    expect(doubled).toEqual([2, 4, 6]);
    expect(kept).toEqual([4, 6]);
    expect(counted).toBe(2);
    expect(log.records).toEqual([
      { stage: 'double', inputCount: 3, outputCount: 3, timingMs: 7, notes: ['x2'] },
      { stage: 'filter', inputCount: 3, outputCount: 2, top: [{ id: 'a', score: 1 }], timingMs: 2, timings: { innerMs: 1 } },
      { stage: 'count', inputCount: 2, outputCount: 1, timingMs: 0 },
    ]);
    expect(log.since(100)).toBe(9);
  });

  it('records nothing for a stage that throws, and lets the error through', async () => {
    const log = new StageLog(() => 0);
    await expect(log.run('broken', 1, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(log.records).toEqual([]);
  });
});
