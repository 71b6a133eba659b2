import { SERVICE_STATE_LABELS } from '../../../src-shared/labels';
import { morphologyStatus, type MorphologyBackend } from '../../core/retrieve/polish-analyzer';
import type { CommandSpec } from '../command-spec';
import { printJson } from '../io';
import { openService } from './service-for-cli';

const label = SERVICE_STATE_LABELS;

const MORPHOLOGY_LABELS: Record<MorphologyBackend, string> = {
  morfologik: 'słownik morfologik (lematy, części mowy), Stempel dla słów spoza słownika',
  stempel: 'sam Stempel (bez słownika)',
  light: 'prosty stemmer (zastępczy)',
};

export const statusCommand: CommandSpec = {
  options: {},
  run: async (_pos, values, io) => {
    // Status must answer in a blink: no model, and a Chroma server only if one already runs for the folder.
    const service = await openService(values, { loadModel: false, chroma: 'reuse-only' });
    try {
      const s = await service.status();
      const morphology = morphologyStatus();
      if (values.json) {
        printJson(io, { ...s, morphology });
      } else {
        io.stdout(
          [
            `Ściąga ${s.appVersion} (Node ${s.versions.node})`,
            `Folder danych: ${s.dataDir}`,
            `Chroma: ${label[s.chroma.state]}${s.chroma.url ? ` — ${s.chroma.url}` : ''}${s.chroma.launcher ? ` (${s.chroma.launcher})` : ''}`,
            ...(s.chroma.message ? [`  ${s.chroma.message}`] : []),
            `Model osadzeń: ${label[s.embedding.state]}${s.embedding.modelId ? ` — ${s.embedding.modelId}` : ''}${s.embedding.dimension ? ` (${s.embedding.dimension} wym.)` : ''}`,
            ...(s.embedding.message ? [`  ${s.embedding.message}`] : []),
            `Morfologia: ${MORPHOLOGY_LABELS[morphology.backend]} — ${morphology.version}`,
            ...(morphology.note ? [`  ${morphology.note}`] : []),
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
