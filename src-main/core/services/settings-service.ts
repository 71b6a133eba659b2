import { DEFAULT_EMBEDDING_MODEL } from '../../../src-shared/constants';
import type { Settings, SettingsPatch } from '../../../src-shared/ipc';
import { UserError } from '../errors';
import { readSettings, writeSettings } from '../settings';
import type { ServiceContext } from './context';

/** The user's settings file, and the notices about state files that had to be set aside. */
export class SettingsService {
  /** Polish messages about state files that were unusable and set aside (shown in status). */
  readonly notices: string[] = [];

  constructor(private readonly ctx: ServiceContext) {}

  get(): Settings {
    const { value, notice } = readSettings(this.ctx.layout.settingsFile);
    if (notice) this.tellUser(notice);
    return value;
  }

  /** The embedding model the user chose, else the default e5-small. */
  get modelId(): string {
    return this.get().embeddingModel ?? DEFAULT_EMBEDDING_MODEL;
  }

  /** Something the user must know about their state files; kept for status and logged. */
  tellUser(notice: string): void {
    this.notices.push(notice);
    this.ctx.log(notice);
  }

  update(patch: Settings): Settings {
    return writeSettings(this.ctx.layout.settingsFile, { ...this.get(), ...patch });
  }

  /**
   * A settings change from the UI (renderer or browser page, both untrusted). An endpoint that is
   * not this machine would send documents away: the page cannot set it; Electron asks the user
   * in a native dialog owned by the main process. The empty string clears a text setting.
   */
  async updateFromUi(patch: SettingsPatch): Promise<Settings> {
    const next: Record<string, unknown> = { ...this.get() };
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' && k !== 'today') delete next[k];
      else if (v !== undefined) next[k] = v;
    }
    if (patch.endpointUrl) {
      if (await this.remoteEndpointAllowed(new URL(patch.endpointUrl))) next.allowRemoteEndpoint = true;
      // A local endpoint needs no permission; a permission given for another host is not carried over.
      else delete next.allowRemoteEndpoint;
    }
    if (patch.endpointUrl === '') delete next.allowRemoteEndpoint;
    return writeSettings(this.ctx.layout.settingsFile, next as Settings);
  }

  /** False for this machine; true once the user allowed a remote host; a refusal otherwise. */
  private async remoteEndpointAllowed(url: URL): Promise<boolean> {
    const { isLocalEndpoint } = await import('../answer/endpoint');
    if (isLocalEndpoint(url)) return false;
    const confirm = this.ctx.options.confirmRemoteEndpoint;
    if (!confirm) {
      throw new UserError(
        `Serwer ${url.host} nie jest tym komputerem. Zdalny serwer modelu (dokumenty opuszczają komputer) można ustawić tylko w pliku ustawień albo w aplikacji okienkowej — nie ze strony w przeglądarce.`,
        'endpoint-remote-refused',
      );
    }
    if (!(await confirm(url.host))) throw new UserError('Nie zezwolono na zdalny serwer — ustawienia nie zmieniły się.', 'cancelled');
    return true;
  }
}
