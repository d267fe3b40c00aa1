import type { Db } from '../db/open';
import type { ImportActionResult, ImportFlags, ParsedParticipant } from '../../core/contract/imports';
import { buildCatalog } from '../../core/participants/catalog';
import { emailKey } from '../../core/participants/email';
import { parseParticipants } from '../../core/participants/parser';
import { actionById, flagsOf } from '../store/import-actions';
import { importPayload } from '../store/imports';
import { loadCatalog } from '../store/events';
import { EventDirectory } from '../store/participants';
import { CatalogWriter } from './catalog-writer';

const EMPTY_RESULT: ImportActionResult = {
  total: 0, valid: 0, invalid: 0, created: 0, updated: 0, skipped_invalid: 0, skipped_duplicates: 0,
  destroyed: 0, categories_created: 0, demographics_created: 0, demographics_ignored: 0,
};

/**
 * One import action as a resumable job. The payload is parsed with the shared rules when
 * the job is loaded; each `step` is one transaction that writes a chunk of participants and
 * moves `progress_processed` in the same commit, so a job stopped anywhere resumes at the
 * first unwritten participant.
 */
export class ImportActionJob {
  private readonly result: ImportActionResult;
  private processed: number;
  private status: string;

  private constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly actionId: number,
    private readonly eventId: number,
    private readonly companyId: number,
    private readonly flags: ImportFlags,
    private readonly parsed: ParsedParticipant[],
    private readonly directory: EventDirectory,
    private readonly catalog: CatalogWriter,
    state: { status: string; processed: number; result: ImportActionResult | null },
  ) {
    this.status = state.status;
    this.processed = state.processed;
    const invalid = parsed.reduce((n, p) => n + (p.invalid_fields.length > 0 ? 1 : 0), 0);
    this.result = { ...EMPTY_RESULT, ...state.result, total: parsed.length, valid: parsed.length - invalid, invalid };
  }

  static load(db: Db, actionId: number, now: () => Date): ImportActionJob | null {
    const action = actionById(db, actionId);
    if (!action || action.status === 'completed' || action.status === 'failed') return null;
    const imp = db.prepare('SELECT event_id, company_id FROM participant_imports WHERE id = ?').get(action.participant_import_id) as
      | { event_id: number; company_id: number }
      | undefined;
    if (!imp) return null;
    const categories = loadCatalog(db, imp.event_id);
    const directory = new EventDirectory(db, imp.event_id);
    // Matching is done again per chunk against the growing directory; the parse here
    // decides validity and duplicates, which do not depend on what earlier chunks wrote.
    const parsed = parseParticipants(importPayload(db, action.participant_import_id), { catalog: buildCatalog(categories) });
    return new ImportActionJob(db, now, actionId, imp.event_id, imp.company_id, flagsOf(action), parsed, directory, new CatalogWriter(db, imp.company_id, imp.event_id, categories), {
      status: action.status,
      processed: action.progress.processed,
      result: action.result,
    });
  }

  /** Does one transaction's worth of work; true when the job has ended. */
  step(chunkSize: number): boolean {
    if (this.status === 'queued') {
      this.db
        .prepare("UPDATE participant_import_actions SET status = 'running', started_at = ?, progress_total = ? WHERE id = ?")
        .run(this.now().toISOString(), this.parsed.length, this.actionId);
      this.status = 'running';
      return false;
    }
    if (this.processed === 0 && this.result.invalid > 0 && !this.flags.skip_invalid) {
      const n = this.result.invalid;
      this.end('failed', `${n} participant${n === 1 ? ' is' : 's are'} invalid, so nothing was imported. Fix them, or import with skip_invalid to leave them out.`);
      return true;
    }
    if (this.processed < this.parsed.length) {
      const before = { ...this.result };
      try {
        this.db.transaction(() => this.writeChunk(Math.min(this.parsed.length, this.processed + chunkSize)))();
      } catch (error) {
        Object.assign(this.result, before); // the chunk was rolled back; so are its counts
        throw error;
      }
      return false;
    }
    this.db.transaction(() => this.finish())();
    return true;
  }

  fail(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.end('failed', `The import stopped after ${this.processed} of ${this.parsed.length} participants: ${reason}`);
  }

  private writeChunk(end: number): void {
    const stmt = this.statements();
    const at = this.now().toISOString();
    for (let i = this.processed; i < end; i++) {
      const participant = this.parsed[i];
      if (participant.invalid_fields.length > 0) {
        this.result.skipped_invalid++;
        continue;
      }
      if (participant.duplicate_of_row !== null && this.flags.skip_duplicate_identity_matches) {
        this.result.skipped_duplicates++;
        continue;
      }
      const { id, created } = this.upsert(participant, stmt, at);
      // A participant created just now holds no demographics yet: nothing to clear.
      this.applyDemographics(id, participant, stmt, !created);
      if (this.flags.destroy_unmatched_participants) stmt.touch.run(this.actionId, id);
    }
    this.processed = end;
    stmt.progress.run(end, JSON.stringify(this.result), this.actionId);
  }

  private upsert(p: ParsedParticipant, stmt: Statements, at: string): { id: number; created: boolean } {
    const key = emailKey(p.email);
    const matched = (p.external_id !== '' ? this.directory.idByExternalId(p.external_id) : undefined) ?? this.directory.idByEmailKey(key);
    if (matched === undefined) {
      const id = Number(stmt.insert.run(this.companyId, this.eventId, p.external_id, p.name, p.email, key, p.locale, p.note, at, at).lastInsertRowid);
      this.directory.add(id, p.external_id, key);
      this.result.created++;
      return { id, created: true };
    }
    if (!this.flags.only_demographics) {
      stmt.update.run({ externalId: p.external_id, name: p.name, email: p.email, key, locale: p.locale, note: p.note, at, id: matched });
      this.directory.update(matched, p.external_id || this.directory.externalIdOf(matched), key);
    }
    if (this.flags.destroy_existing_demographics) stmt.clearDemographics.run(matched);
    this.result.updated++;
    return { id: matched, created: false };
  }

  private applyDemographics(participantId: number, p: ParsedParticipant, stmt: Statements, mayHoldOthers: boolean): void {
    for (const entry of p.demographics) {
      const resolved = this.catalog.resolve(entry.demographic_category_name, entry.demographic_name, entry.exclusive, this.flags.save_missing_categories, this.result);
      if (!resolved) {
        this.result.demographics_ignored++;
        continue;
      }
      if (resolved.exclusive && mayHoldOthers) stmt.clearCategory.run({ participantId, categoryId: resolved.categoryId, demographicId: resolved.demographicId });
      stmt.addDemographic.run(participantId, resolved.demographicId);
    }
  }

  private finish(): void {
    if (this.flags.destroy_unmatched_participants) {
      this.result.destroyed = this.db
        .prepare('DELETE FROM participants WHERE event_id = ? AND id NOT IN (SELECT participant_id FROM action_touched WHERE action_id = ?)')
        .run(this.eventId, this.actionId).changes;
    }
    this.end('completed', null);
  }

  private end(status: 'completed' | 'failed', error: string | null): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM action_touched WHERE action_id = ?').run(this.actionId);
      this.db
        .prepare('UPDATE participant_import_actions SET status = ?, error = ?, result = ?, progress_processed = ?, finished_at = ? WHERE id = ?')
        .run(status, error, JSON.stringify(this.result), this.processed, this.now().toISOString(), this.actionId);
    })();
    this.status = status;
  }

  private cached: Statements | null = null;
  private statements(): Statements {
    this.cached ??= prepareStatements(this.db);
    return this.cached;
  }
}

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: Db) {
  return {
    insert: db.prepare(
      `INSERT INTO participants (company_id, event_id, external_id, name, email, email_key, locale, note, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    update: db.prepare(
      `UPDATE participants SET external_id = CASE WHEN @externalId = '' THEN external_id ELSE @externalId END,
              name = @name, email = @email, email_key = @key, locale = @locale, note = @note, updated_at = @at WHERE id = @id`,
    ),
    clearDemographics: db.prepare('DELETE FROM participant_demographics WHERE participant_id = ?'),
    clearCategory: db.prepare(
      `DELETE FROM participant_demographics WHERE participant_id = @participantId AND demographic_id <> @demographicId
          AND demographic_id IN (SELECT id FROM demographics WHERE category_id = @categoryId)`,
    ),
    addDemographic: db.prepare('INSERT OR IGNORE INTO participant_demographics (participant_id, demographic_id) VALUES (?, ?)'),
    touch: db.prepare('INSERT OR IGNORE INTO action_touched (action_id, participant_id) VALUES (?, ?)'),
    progress: db.prepare('UPDATE participant_import_actions SET progress_processed = ?, result = ? WHERE id = ?'),
  };
}
