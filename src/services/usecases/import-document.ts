/**
 * The import's document: the file the service makes of the import's contents (the interface's
 * "Import: export", what the service's own download button gives), saved here unchanged. It
 * needs the service; the mirror keeps no copy of it.
 */
import { randomUUID } from 'node:crypto';
import { ExportError, writeExportFile } from '../exports/participant-export';
import { createRemoteClient } from '../remote/client';
import { downloadDocument } from '../remote/documents';
import { isRemoteError } from '../remote/errors';
import { exportImport } from '../remote/imports';
import { UseCaseError } from './errors';
import type { Connection } from './session';
import type { ServiceExport } from './subject-export';

export async function exportImportDocument(connection: Connection, importId: number, path: string, options: { signal?: AbortSignal } = {}): Promise<ServiceExport> {
  const remote = createRemoteClient({ serverUrl: connection.serverUrl, token: connection.token, onContact: connection.onContact });
  try {
    const document = await exportImport(remote, importId, { idempotencyKey: randomUUID(), signal: options.signal });
    const file = await downloadDocument(remote, document.id, { signal: options.signal });
    // Written as the service made it: Muster did not write its cells, so it does not rewrite them.
    await writeExportFile(path, file.bytes);
    return { fileName: document.file_name, bytes: file.bytes.length };
  } catch (error) {
    if (error instanceof ExportError) throw new UseCaseError(error.message, 'failed');
    if (!isRemoteError(error)) throw error;
    if (error.kind === 'unauthorized') throw new UseCaseError(error.message, 'token_refused').saidAs(error.failure.words);
    if (error.kind === 'not_found') throw new UseCaseError(`Import ${importId} is not on the service (it may have been destroyed).`, 'failed');
    if (error.failure.source === 'network' || error.failure.source === 'timeout') {
      throw new UseCaseError(`The service cannot be reached (${error.message.replace(/\.$/, '')}); the import's document can only be downloaded from it.`, 'unreachable');
    }
    throw new UseCaseError(error.message, 'failed').saidAs(error.failure.words);
  } finally {
    remote.close();
  }
}
