import { describe, expect, it } from 'vitest';
import { RECORD_HEADER, decodePayload, encodeRecord, unpackUnit } from '../../src-main/core/retrieve/packed-record';
import { syntheticChunks } from '../../bench/synthetic';

describe('half-float unit vectors', () => {
  it('dequantises every kind of half float to its IEEE value', () => {
    const h = Uint16Array.from([0x3c00, 0xc000, 0x3555, 0x0001, 0x03ff, 0x0400, 0x7bff, 0x0000, 0x8000, 0x7c00, 0xfc00]);
    const v = unpackUnit(h);
    expect([...v.slice(0, 9)]).toEqual([1, -2, Math.fround(0.333251953125), 2 ** -24, Math.fround(1023 * 2 ** -24), 2 ** -14, 65504, 0, -0]);
    expect([v[9], v[10]]).toEqual([Infinity, -Infinity]);
    expect(Number.isNaN(unpackUnit(Uint16Array.from([0x7e00]))[0])).toBe(true);
  });

  it('keeps a unit vector through a record within half-float precision', () => {
    const [chunk] = syntheticChunks(1);
    const v = Float32Array.from({ length: 384 }, (_, i) => Math.sin(i * 0.7) / 14);
    const record = encodeRecord({ kind: 'add', chunk: chunk!, units: new Map([[7, v]]) });
    // A record is framed: its length and checksum, then the payload.
    const entry = decodePayload(record.subarray(RECORD_HEADER));
    const back = unpackUnit(entry.units!.get(7)!);
    back.forEach((x, i) => expect(Math.abs(x - v[i]!)).toBeLessThan(2 ** -11 * Math.max(Math.abs(v[i]!), 2 ** -14)));
  });
});
