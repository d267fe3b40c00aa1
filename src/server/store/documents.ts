import type { Db } from '../db/open';
import type { DocumentRecord } from '../../core/contract/imports';
import { OPERATIONS, operationPath } from '../../core/contract/operations';

interface DocumentRow {
  id: number;
  file_name: string;
  content_type: string;
  byte_size: number;
  created_at: string;
}

function toDocument(row: DocumentRow): DocumentRecord {
  return { ...row, download_path: operationPath(OPERATIONS.documentDownload, { id: row.id }) };
}

export function createDocument(db: Db, companyId: number, fileName: string, contentType: string, content: Uint8Array, now: Date): DocumentRecord {
  const createdAt = now.toISOString();
  const info = db
    .prepare('INSERT INTO documents (company_id, file_name, content_type, content, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(companyId, fileName, contentType, Buffer.from(content), createdAt);
  return toDocument({ id: Number(info.lastInsertRowid), file_name: fileName, content_type: contentType, byte_size: content.byteLength, created_at: createdAt });
}

export function findDocument(db: Db, companyId: number, id: number): DocumentRecord | undefined {
  const row = db
    .prepare('SELECT id, file_name, content_type, length(content) AS byte_size, created_at FROM documents WHERE company_id = ? AND id = ?')
    .get(companyId, id) as DocumentRow | undefined;
  return row && toDocument(row);
}

export function documentContent(db: Db, companyId: number, id: number): Buffer | undefined {
  const row = db.prepare('SELECT content FROM documents WHERE company_id = ? AND id = ?').get(companyId, id) as { content: Buffer } | undefined;
  return row?.content;
}
