import { SERVICE_STATE_LABELS } from '../../../src-shared/labels';
import type { CommandSpec } from '../main';
import { printJson } from '../io';
import { openService } from './service-for-cli';

const label = SERVICE_STATE_LABELS;

export const statusCommand: CommandSpec = {
  options: {},
  run: async (_pos, values, io) => {
    // Status must answer in a blink: no model, and a Chroma server only if one already runs for the folder.
    const service = await openService(values, { loadModel: false, chroma: 'reuse-only' });
    try {
      const s = await service.status();
      if (values.json) {
        printJson(io, s);
      } else {
        io.stdout(
          [
            `Ściąga ${s.appVersion} (Node ${s.versions.node})`,
            `Folder danych: ${s.dataDir}`,
            `Chroma: ${label[s.chroma.state]}${s.chroma.url ? ` — ${s.chroma.url}` : ''}${s.chroma.launcher ? ` (${s.chroma.launcher})` : ''}`,
            ...(s.chroma.message ? [`  ${s.chroma.message}`] : []),
            `Model osadzeń: ${label[s.embedding.state]}${s.embedding.modelId ? ` — ${s.embedding.modelId}` : ''}${s.embedding.dimension ? ` (${s.embedding.dimension} wym.)` : ''}`,
            ...(s.embedding.message ? [`  ${s.embedding.message}`] : []),
            `Dokumenty: ${s.documents}, fragmenty: ${s.chunks}`,
          ].join('\n'),
        );
      }
      return s.chroma.state === 'ready' || s.chroma.state === 'stopped' ? 0 : 1;
    } finally {
      await service.stop();
    }
  },
};
