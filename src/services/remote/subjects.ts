/** Subjects and households (docs/interface.md, Subjects). */
import { PAGING_HEADERS, type Subject, type SubjectFilters, type SubjectInput, type SubjectSearchItem } from '../../core/contract/subjects';
import type { DocumentRecord } from '../../core/contract/imports';
import { OPERATIONS } from '../../core/contract/operations';
import type { CallOptions, CreateOptions, RemoteClient } from './client';

export async function createSubject(client: RemoteClient, input: SubjectInput, options: CreateOptions = {}): Promise<Subject> {
  return (await client.call(OPERATIONS.subjectCreate, { body: input, ...options })).data;
}

export async function showSubject(client: RemoteClient, id: number, options: CallOptions = {}): Promise<Subject> {
  return (await client.call(OPERATIONS.subjectShow, { params: { id }, ...options })).data;
}

export interface UpdateOptions extends CallOptions {
  /** The version the change was made against; the service answers 409 when it has moved on. */
  lockVersion?: number;
}

/** Changes only the fields given (PATCH). */
export async function updateSubject(client: RemoteClient, id: number, changes: SubjectInput, options: UpdateOptions = {}): Promise<Subject> {
  const body: SubjectInput = options.lockVersion === undefined ? changes : { ...changes, lock_version: options.lockVersion };
  return (await client.call(OPERATIONS.subjectUpdate, { params: { id }, body, signal: options.signal })).data;
}

/** Answers the subject as it was before it was removed. */
export async function destroySubject(client: RemoteClient, id: number, options: CallOptions = {}): Promise<Subject> {
  return (await client.call(OPERATIONS.subjectDestroy, { params: { id }, ...options })).data;
}

export interface SubjectPage {
  subjects: SubjectSearchItem[];
  /** The page answered, counting from 1. */
  page: number;
  /** Page size, when the service or the request said it. */
  per: number | null;
  /** All matches over all pages, when the service says (the reference service does, in a header). */
  total: number | null;
}

function headerCount(value: string | string[] | undefined): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** One page of a subject search (`page` from 1, `per` up to the service's maximum). */
export async function searchSubjects(client: RemoteClient, filters: SubjectFilters = {}, options: CallOptions = {}): Promise<SubjectPage> {
  const answer = await client.call(OPERATIONS.subjectSearch, { body: filters, ...options });
  const { headers } = answer;
  return {
    subjects: answer.data,
    page: headerCount(headers[PAGING_HEADERS.page]) ?? filters.page ?? 1,
    per: headerCount(headers[PAGING_HEADERS.per]) ?? filters.per ?? null,
    total: headerCount(headers[PAGING_HEADERS.total]),
  };
}

/**
 * The page after this one, or null at the end: by the total when the service gave one, else
 * a page shorter than its size (or empty) is the last.
 */
export function nextSearchPage(page: SubjectPage): number | null {
  if (page.subjects.length === 0) return null;
  if (page.total !== null && page.per !== null) return page.page * page.per < page.total ? page.page + 1 : null;
  if (page.per !== null) return page.subjects.length < page.per ? null : page.page + 1;
  return page.page + 1;
}

/**
 * Asks the service for a spreadsheet of every subject the filters find (the service pages
 * nothing out: docs/interface.md, Export); answers the Document it made.
 */
export async function exportSubjects(client: RemoteClient, filters: SubjectFilters, options: CreateOptions = {}): Promise<DocumentRecord> {
  return (await client.call(OPERATIONS.subjectExport, { body: filters, ...options })).data;
}
