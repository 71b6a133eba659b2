import type { FileRef } from '../../src-shared/ipc';
import { api, call } from './api';

/** Reads a picked or dropped file into an upload reference (browser mode). */
export async function fileToRef(file: File): Promise<FileRef> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // String.fromCharCode on the whole array would overflow the call stack for large files.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { kind: 'upload', name: file.name, dataBase64: btoa(binary) };
}

export const filesToRefs = (files: Iterable<File>): Promise<FileRef[]> => Promise.all([...files].map(fileToRef));

/** Electron: the native dialog (its paths are the only ones main accepts). Browser mode: null, use an <input type=file>. */
export async function pickWithDialog(filters: 'docx' | 'documents'): Promise<FileRef[] | null> {
  if (api.mode !== 'electron') return null;
  return call('dialog:open-files', { filters });
}

export const refName = (ref: FileRef): string => (ref.kind === 'upload' ? ref.name : (ref.path.split(/[\\/]/).pop() ?? ref.path));

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Hands bytes to the browser's download (Electron shows its save dialog for it). */
export function downloadFile(name: string, data: { base64: string } | { text: string }, mime: string): void {
  const blob = 'base64' in data ? new Blob([base64ToBytes(data.base64)], { type: mime }) : new Blob([data.text], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
