/**
 * The service's own subject export, asked for and downloaded by the remote client against the
 * real reference service: the file is the document's bytes; a document of another company or
 * none at all is a 404 in words, never another company's file.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient, type RemoteClient } from '../../../../src/services/remote/client';
import { downloadDocument } from '../../../../src/services/remote/documents';
import { exportSubjects } from '../../../../src/services/remote/subjects';
import { OPERATIONS } from '../../../../src/core/contract/operations';
import { connectedService, disconnect, failureOf } from '../../../support/remote';
import type { TestService } from '../../../support/service';

let service: TestService;
let client: RemoteClient;
beforeAll(async () => void ({ service, remote: client } = await connectedService()));
afterAll(() => disconnect(service, client));

describe('documents', () => {
  it('downloads the spreadsheet an export of subjects made', async () => {
    const document = await exportSubjects(client, { search_term: 'smith' });
    const file = await downloadDocument(client, document.id);
    expect(file.contentType).toContain('spreadsheetml');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(file.bytes).Sheets.Subjects, { header: 1 });
    expect(rows.length).toBeGreaterThan(1);
    expect(String((rows[0] as unknown[])[0])).toBe('ID');
  });

  it('answers a document that is not there, or not this company’s, with a 404 in words', async () => {
    const missing = await failureOf(downloadDocument(client, 999_999));
    expect(missing.failure).toMatchObject({ source: 'http', status: 404 });
    expect(missing.message).toMatch(/Document 999999/);

    const document = await exportSubjects(client, {});
    const other = createRemoteClient({ serverUrl: service.url, token: () => service.otherToken });
    try {
      expect((await failureOf(downloadDocument(other, document.id))).failure).toMatchObject({ source: 'http', status: 404 });
    } finally {
      other.close();
    }
  });

  it('refuses a token the service does not know', async () => {
    const stranger = createRemoteClient({ serverUrl: service.url, token: () => 'not-a-token' });
    try {
      expect((await failureOf(downloadDocument(stranger, 1))).kind).toBe('unauthorized');
    } finally {
      stranger.close();
    }
  });
});

describe('a service that sends a file without end', () => {
  it('is cut off at the size limit with a sentence, not read into memory whole', async () => {
    // A hostile server, not the reference service: it streams zeros for as long as it is read.
    const endless = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (response.write(chunk)) if (response.destroyed) return;
        response.once('drain', pump);
      };
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const { port } = endless.address() as AddressInfo;
    const remote = createRemoteClient({ serverUrl: `http://127.0.0.1:${port}`, token: () => 'a-token' });
    try {
      const failure = await failureOf(remote.fetchFile(OPERATIONS.documentDownload, { id: 1 }, { maxBytes: 1_000_000 }));
      expect(failure.failure).toMatchObject({ source: 'bad_body' });
      expect(failure.message).toMatch(/at most 1 MB/);
    } finally {
      remote.close();
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });
});
