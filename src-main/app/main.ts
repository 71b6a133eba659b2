import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import { IPC_EVENT, IPC_INVOKE } from '../../src-shared/channels';
import type { EventChannel, EventMap, FileRef } from '../../src-shared/ipc';
import { dispatchFromRenderer, type HandlerRegistry } from '../core/dispatch';
import { UserError } from '../core/errors';
import { defaultDataDir } from '../core/paths';
import { CONTENT_SECURITY_POLICY } from '../core/security';
import { readStateFile } from '../core/state-file';
import { SciagaService } from '../core/service';
import { writeUpload } from '../core/uploads';
import embedWorkerPath from '../core/embed/embed-worker?modulePath';
import loadWorkerPath from '../core/ingest/load-worker?modulePath';

app.setName('sciaga');
const dataDir = defaultDataDir();
app.setPath('userData', dataDir);

let mainWindow: BrowserWindow | undefined;
/** Paths the user picked in a native dialog this session: the only paths the renderer may name. */
const pickedPaths = new Set<string>();

const emit = <E extends EventChannel>(event: E, payload: EventMap[E]) => {
  mainWindow?.webContents.send(IPC_EVENT, event, payload);
};

const service = new SciagaService({
  dataDir,
  mode: 'electron',
  emit,
  embedWorkerPath,
  loadWorkerPath,
  // The renderer may ask for a remote model server; only the user, in a native dialog it cannot script, can allow it.
  confirmRemoteEndpoint: async (host: string) => {
    const res = await dialog.showMessageBox(mainWindow!, {
      type: 'warning',
      buttons: ['Anuluj', 'Zezwól'],
      defaultId: 0,
      cancelId: 0,
      title: 'Zdalny serwer modelu',
      message: `Zezwolić na serwer ${host}?`,
      detail: 'Pytania i fragmenty Twoich dokumentów będą wysyłane na ten serwer i opuszczą ten komputer.',
    });
    return res.response === 1;
  },
  chooseSavePath: async (suggestedName: string) => {
    const ext = path.extname(suggestedName).slice(1);
    const res = await dialog.showSaveDialog(mainWindow!, {
      defaultPath: suggestedName,
      filters: [{ name: ext === 'docx' ? 'Dokumenty Word' : ext === 'md' ? 'Markdown' : 'Pliki JSON', extensions: [ext] }],
    });
    return res.canceled ? undefined : res.filePath;
  },
  resolveFile: async (ref: FileRef) => {
    if (ref.kind === 'upload') return writeUpload(path.join(dataDir, 'uploads'), ref.name, ref.dataBase64);
    const p = path.resolve(ref.path);
    if (pickedPaths.has(p) || service.listDocuments().some((d) => d.source === p)) return p;
    throw new UserError('Ten plik nie został wybrany w oknie wyboru plików — dostęp odrzucony.', 'path-not-allowed');
  },
});

const handlers: HandlerRegistry = {
  ...service.handlers(),
  'dialog:open-folder': async () => {
    const res = await dialog.showOpenDialog(mainWindow!, { properties: ['openDirectory'] });
    return res.filePaths.map((p) => {
      pickedPaths.add(path.resolve(p));
      return { kind: 'path' as const, path: p };
    });
  },
  'dialog:open-files': async (req) => {
    const kind = req?.filters;
    const filters =
      kind === 'docx'
        ? [{ name: 'Dokumenty Word', extensions: ['docx'] }]
        : kind === 'gguf'
          ? [{ name: 'Modele GGUF', extensions: ['gguf'] }]
          : [{ name: 'Dokumenty', extensions: ['md', 'markdown', 'txt', 'docx', 'pdf'] }];
    const res = await dialog.showOpenDialog(mainWindow!, { properties: ['openFile', 'multiSelections'], filters });
    return res.filePaths.map((p) => {
      pickedPaths.add(path.resolve(p));
      return { kind: 'path' as const, path: p };
    });
  },
};

const windowStateFile = path.join(dataDir, 'window-state.json');
const windowStateSchema = z.object({
  width: z.number().int().min(200).default(1280),
  height: z.number().int().min(200).default(860),
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  maximized: z.boolean().optional(),
});
function loadWindowState(): z.infer<typeof windowStateSchema> {
  const { value, notice } = readStateFile(windowStateFile, windowStateSchema, () => ({ width: 1280, height: 860 }), 'stanu okna window-state.json');
  if (notice) console.warn(notice);
  return value;
}

function createWindow(): void {
  const state = loadWindowState();
  mainWindow = new BrowserWindow({
    width: state.width,
    height: state.height,
    x: state.x,
    y: state.y,
    title: 'Ściąga',
    show: false,
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  if (state.maximized) mainWindow.maximize();
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('close', () => {
    if (!mainWindow) return;
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(windowStateFile, JSON.stringify({ ...mainWindow.getNormalBounds(), maximized: mainWindow.isMaximized() }));
  });
  // The app never navigates away or opens windows; links go to the system browser only if http(s).
  mainWindow.webContents.on('will-navigate', (e) => e.preventDefault());
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (process.env.ELECTRON_RENDERER_URL) void mainWindow.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void mainWindow.loadFile(path.join(import.meta.dirname, '../renderer/index.html'));
}

app.whenReady().then(() => {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  // Nothing the page asks for (camera, notifications, …) is granted.
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  ipcMain.handle(IPC_INVOKE, async (event, channel: unknown, payload: unknown) =>
    dispatchFromRenderer(handlers, { frameUrl: event.senderFrame?.url ?? '', devServerUrl: process.env.ELECTRON_RENDERER_URL }, channel, payload),
  );
  createWindow();
  void service.start();
});

let quitting = false;
app.on('before-quit', (e) => {
  if (quitting) return;
  e.preventDefault();
  quitting = true;
  void service.stop().finally(() => app.quit());
});
app.on('window-all-closed', () => app.quit());
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => app.quit());
