import { OPERATIONS } from '../../core/contract/operations';
import type { CallOptions, RemoteClient, RemoteFile } from './client';

/**
 * The file of a Document an export made (docs/interface.md, Documents). The path is built
 * from the document's id, not taken from the answer: a path from the service is data, and
 * following it could send the token somewhere else.
 */
export function downloadDocument(client: RemoteClient, id: number, options: CallOptions = {}): Promise<RemoteFile> {
  return client.fetchFile(OPERATIONS.documentDownload, { id }, options);
}
