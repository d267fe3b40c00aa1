/**
 * A subject search exported by the service itself: every match as the service has it now
 * (the mirror may be behind), in the service's own spreadsheet, written to a file here. The
 * mirror's export (subject-changes.ts) is the one that works offline.
 */
import { randomUUID } from 'node:crypto';
import type { SubjectFilters } from '../../core/contract/subjects';
import { ExportError, writeExportFile } from '../exports/participant-export';
import { createRemoteClient } from '../remote/client';
import { downloadDocument } from '../remote/documents';
import { isRemoteError } from '../remote/errors';
import { exportSubjects } from '../remote/subjects';
import { UseCaseError } from './errors';
import { type Connection } from './session';
import { checkServerUrl } from './account-mirror';

export interface ServiceExport {
  /** The name the service gave its file. */
  fileName: string;
  bytes: number;
}

export async function exportSubjectsOnService(connection: Connection, filters: SubjectFilters, path: string, options: { signal?: AbortSignal } = {}): Promise<ServiceExport> {
  checkServerUrl(connection.serverUrl);
  const remote = createRemoteClient({ serverUrl: connection.serverUrl, token: connection.token, onContact: connection.onContact });
  // The service pages nothing out of an export; a page asked for would only confuse a reader.
  const { page: _page, per: _per, ...selection } = filters;
  try {
    const document = await exportSubjects(remote, selection, { idempotencyKey: randomUUID(), signal: options.signal });
    const file = await downloadDocument(remote, document.id, { signal: options.signal });
    await writeExportFile(path, file.bytes);
    return { fileName: document.file_name, bytes: file.bytes.length };
  } catch (error) {
    if (error instanceof ExportError) throw new UseCaseError(error.message, 'failed');
    if (!isRemoteError(error)) throw error;
    if (error.kind === 'unauthorized') throw new UseCaseError(error.message, 'token_refused').saidAs(error.failure.words);
    const why = error.message.replace(/\.$/, '');
    if (error.failure.source === 'network') throw new UseCaseError(`The service cannot be reached (${why}); export from this computer instead.`, 'unreachable');
    // A large export may still be running on the service: it was reached, just slow.
    if (error.failure.source === 'timeout') throw new UseCaseError(`The service did not finish the export in time (${why}); try a narrower search, or export from this computer.`, 'unreachable');
    throw new UseCaseError(error.message, 'failed').saidAs(error.failure.words);
  } finally {
    remote.close();
  }
}
