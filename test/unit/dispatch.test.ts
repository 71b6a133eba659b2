import { describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/core/dispatch';
import { UserError } from '../../src-main/core/errors';

describe('dispatch validates every payload before a handler sees it', () => {
  const handlers = {
    ask: async (req: unknown) => req as never,
    'app:status': async () => {
      throw new UserError('Serwer Chroma nie odpowiada.', 'chroma-down');
    },
  };

  it('refuses unknown channels', async () => {
    expect(await dispatch(handlers, 'fs:readFile', { path: '/etc/passwd' })).toEqual({
      ok: false,
      error: { message: 'Nieznane polecenie: fs:readFile', code: 'unknown-channel' },
    });
  });

  it('refuses invalid payloads with a Polish message and applies defaults to valid ones', async () => {
    const bad = await dispatch(handlers, 'ask', { question: '' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await dispatch(handlers, 'ask', { question: 'x', k: 999 })).toMatchObject({ ok: false });
    const good = await dispatch(handlers, 'ask', { question: '  czym zastąpiliśmy Nozbe?  ' });
    expect(good).toEqual({
      ok: true,
      value: { question: 'czym zastąpiliśmy Nozbe?', retrieval: 'hybrid-rerank', generator: 'extractive', k: 5 },
    });
  });

  it('turns user errors into data and does not leak through unknown keys on empty channels', async () => {
    expect(await dispatch(handlers, 'app:status', undefined)).toEqual({
      ok: false,
      error: { message: 'Serwer Chroma nie odpowiada.', code: 'chroma-down' },
    });
    expect(await dispatch(handlers, 'app:status', { evil: true })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  it('says plainly when a channel has no handler in this mode', async () => {
    expect(await dispatch(handlers, 'dialog:open-files', {})).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});
