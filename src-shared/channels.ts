/** Channel names of the typed contract (see ipc.ts). Kept free of dependencies so the sandboxed preload can import it. */
export const INVOKE_CHANNELS = [
  'app:status',
  'docs:list',
  'ingest:run',
  'chunks:get',
  'chunks:compare',
  'hygiene:check',
  'hygiene:fix',
  'ask',
  'snapshot:export',
  'settings:get',
  'settings:set',
  'store:reset',
  'store:reindex',
  'models:list',
  'models:download',
  'models:import',
  'models:select',
  'dialog:open-files',
  'dialog:open-folder',
  'ask:cancel',
  'conversations:list',
  'conversations:get',
  'conversations:create',
  'conversations:rename',
  'conversations:delete',
  'conversations:export',
  'llm:list',
  'llm:download',
  'llm:import',
  'llm:select',
] as const;

export const EVENT_CHANNELS = ['ingest:progress', 'status:changed', 'model:progress', 'ask:stream'] as const;

/** The two Electron IPC channels that carry the typed contract. */
export const IPC_INVOKE = 'sciaga:invoke';
export const IPC_EVENT = 'sciaga:event';
