import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_CHANNELS, IPC_EVENT, IPC_INVOKE, INVOKE_CHANNELS } from '../../src-shared/channels';

// The renderer gets this narrow API and nothing else: no ipcRenderer, no process, no Node.
type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

ipcRenderer.on(IPC_EVENT, (_e, event: string, payload: unknown) => {
  for (const l of listeners.get(event) ?? []) l(payload);
});

contextBridge.exposeInMainWorld('api', {
  mode: 'electron',
  invoke: async (channel: string, request?: unknown) => {
    if (!(INVOKE_CHANNELS as readonly string[]).includes(channel)) throw new Error(`Nieznane polecenie: ${channel}`);
    const result = (await ipcRenderer.invoke(IPC_INVOKE, channel, request)) as { ok: true; value: unknown } | { ok: false; error: { message: string; code: string } };
    if (result.ok) return result.value;
    const err = new Error(result.error.message) as Error & { code?: string };
    err.code = result.error.code;
    throw err;
  },
  on: (event: string, listener: Listener) => {
    if (!(EVENT_CHANNELS as readonly string[]).includes(event)) throw new Error(`Nieznane zdarzenie: ${event}`);
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set!.delete(listener);
  },
});
