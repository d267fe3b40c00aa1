/**
 * How a spreadsheet the person chose reaches the main side without the page naming a path:
 * in the app, the system's dialog or a dropped file's grant from the preload; in the browser
 * preview, the bytes of the file picked or dropped, sent in parts.
 */
import type { FileGrant } from '../../../core/contract/app-api';
import { UPLOAD_PART_BYTES } from '../../../core/contract/app-api-schemas/files';
import { api } from '../../api';

/** Whether the host shows its own open dialog (the app); the preview uses the browser's file input. */
export const hasFileDialog = (): boolean => typeof api.grantFile === 'function';

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Sends a picked file's bytes; `onProgress` hears the share sent so far. */
export async function uploadFile(file: File, onProgress?: (fraction: number) => void): Promise<FileGrant> {
  const { upload } = await api['files.beginUpload']({ name: file.name.slice(-255) || 'sheet', size: file.size });
  for (let offset = 0; offset < file.size; ) {
    const part = new Uint8Array(await file.slice(offset, offset + UPLOAD_PART_BYTES).arrayBuffer());
    await api['files.uploadPart'](upload, { offset, data: base64(part) });
    offset += part.length;
    onProgress?.(offset / file.size);
  }
  return api['files.finishUpload'](upload);
}

/** A grant for a file the person dropped or picked in the page. */
export function grantFor(file: File, onProgress?: (fraction: number) => void): Promise<FileGrant> {
  return api.grantFile ? api.grantFile(file) : uploadFile(file, onProgress);
}
