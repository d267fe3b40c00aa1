import type { Db } from '../db/open';
import type { ImportActionResult, ImportFlags, ParsedParticipant } from '../../core/contract/imports';
import { buildCatalog } from '../../core/participants/catalog';
import { emailKey } from '../../core/participants/email';
import { matchByEmail } from '../../core/participants/directory';
import { parseParticipants } from '../../core/participants/parser';
import { actionById, flagsOf } from '../store/import-actions';
import { importOwner, importPayload } from '../store/imports';
import { loadCatalog } from '../store/events';
import { EventDirectory } from '../store/participants';
import { CatalogWriter } from './catalog-writer';
import { prepareJobStatements, type JobStatements } from '../store/job-statements';

const EMPTY_RESULT: ImportActionResult = {
  total: 0, valid: 0, invalid: 0, created: 0, updated: 0, skipped_invalid: 0, skipped_duplicates: 0,
  destroyed: 0, categories_created: 0, demographics_created: 0, demographics_ignored: 0, merged_duplicates: 0, identity_conflicts: 0, skipped_conflicts: 0,
};

/** Another runner (a second service on the same data folder) moved this job on first. */
export class JobTakenOver extends Error {}

/**
 * One import action as a resumable job. Each `step` is one immediate transaction that
 * checks the job is still where this runner left it, writes a chunk of participants and
 * moves `progress_processed` in the same commit: a job stopped anywhere resumes at the
 * first unwritten participant, and no chunk is written twice, even by two processes.
 */
export class ImportActionJob {
  private readonly result: ImportActionResult;
  private processed: number;
  private status: string;
  private readonly stmt: JobStatements;

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
    this.stmt = prepareJobStatements(db);
  }

  static load(db: Db, actionId: number, now: () => Date): ImportActionJob | null {
    const action = actionById(db, actionId);
    if (!action || action.status === 'completed' || action.status === 'failed') return null;
    const imp = importOwner(db, action.participant_import_id);
    if (!imp) return null;
    // Rows are judged against the catalog as it was when the action began: categories the
    // action itself created must not make a row valid on one run and invalid on resume.
    const before = loadCatalog(db, imp.event_id, actionId);
    const parsed = parseParticipants(importPayload(db, action.participant_import_id), { catalog: buildCatalog(before) });
    const writer = new CatalogWriter(db, imp.company_id, imp.event_id, actionId, loadCatalog(db, imp.event_id));
    return new ImportActionJob(db, now, actionId, imp.event_id, imp.company_id, flagsOf(action), parsed, new EventDirectory(db, imp.event_id), writer, {
      status: action.status,
      processed: action.progress.processed,
      result: action.result,
    });
  }

  /** Does one transaction's worth of work; true when the job has ended. */
  step(chunkSize: number): boolean {
    if (this.status === 'queued') {
      this.transaction(() => this.stmt.start.run(this.now().toISOString(), this.parsed.length, this.actionId));
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
        this.transaction(() => this.writeChunk(Math.min(this.parsed.length, this.processed + chunkSize)));
      } catch (error) {
        Object.assign(this.result, before); // the chunk was rolled back; so are its counts
        throw error;
      }
      return false;
    }
    this.transaction(() => this.finish());
    return true;
  }

  /** Ends the job as failed with a sentence for people; the cause goes to the log. */
  fail(): void {
    this.end('failed', `The import stopped after ${this.processed} of ${this.parsed.length} participants because the service could not write them; the participants before that point were imported.`);
  }

  /** An immediate transaction that first checks no other runner has moved this job on. */
  private transaction(work: () => void): void {
    this.db
      .transaction(() => {
        const row = this.stmt.state.get(this.actionId) as { status: string; progress_processed: number } | undefined;
        if (!row || row.status !== this.status || row.progress_processed !== this.processed) throw new JobTakenOver(`action ${this.actionId} was moved on elsewhere`);
        work();
      })
      .immediate();
  }

  private writeChunk(end: number): void {
    const at = this.now().toISOString();
    for (let i = this.processed; i < end; i++) {
      const participant = this.parsed[i];
      if (participant.invalid_fields.length > 0) {
        if (!this.flags.skip_invalid) throw new Error(`row ${participant.row_number} is invalid although the action does not skip invalid rows`);
        this.result.skipped_invalid++;
        this.keepIdentity(participant);
        continue;
      }
      const conflict = participant.identity_conflict !== null;
      if (conflict) this.result.identity_conflicts++;
      if (participant.duplicate_of_row !== null && this.flags.skip_duplicate_identity_matches) {
        this.result.skipped_duplicates++;
        this.keepIdentity(participant);
        continue;
      }
      // A row repeating an earlier row's person never overwrites what that row wrote: its
      // demographics are merged in, its fields are not (docs/interface.md, "Identity").
      const merge = participant.duplicate_of_row !== null && !conflict;
      const written = this.upsert(participant, at, { byEmail: !conflict, fields: !merge });
      if (written === null) {
        this.keepIdentity(participant);
        continue;
      }
      const { id, created } = written;
      if (merge) this.result.merged_duplicates++;
      this.applyDemographics(id, participant, !created);
      if (this.flags.destroy_unmatched_participants) this.stmt.touch.run(this.actionId, id);
    }
    this.processed = end;
    this.stmt.progress.run(end, JSON.stringify(this.result), this.actionId);
  }

  /** A skipped row still names a participant: destroy_unmatched_participants must spare it. */
  private keepIdentity(p: ParsedParticipant): void {
    if (!this.flags.destroy_unmatched_participants) return;
    const key = p.email === '' ? '' : emailKey(p.email);
    const byExternalId = p.external_id !== '' ? this.directory.idByExternalId(p.external_id) : undefined;
    if (byExternalId !== undefined) this.stmt.touch.run(this.actionId, byExternalId);
    // Every holder of the e-mail: a row that could not say which of a family it is removes none of them.
    if (key !== '') for (const id of this.directory.idsByEmailKey(key)) this.stmt.touch.run(this.actionId, id);
  }

  /**
   * Matches the row by external id, else by e-mail — never by e-mail when that e-mail is
   * another person's (`byEmail` false, or the participant found has another external id),
   * so no participant's identity is replaced by another's; `fields` false leaves a matched
   * participant's fields as they are. Null when the row was not written: its e-mail belongs
   * to several participants as they are now, and nothing in the row says which it is.
   */
  private upsert(p: ParsedParticipant, at: string, how: { byEmail: boolean; fields: boolean }): { id: number; created: boolean } | null {
    const key = emailKey(p.email);
    let matched = p.external_id !== '' ? this.directory.idByExternalId(p.external_id) : undefined;
    if (matched === undefined && how.byEmail) {
      const byEmail = matchByEmail(this.directory, p.external_id, key);
      if (byEmail.id !== null) matched = byEmail.id;
      else if (byEmail.conflict !== null) this.result.identity_conflicts++;
      if (byEmail.conflict === 'email_of_several_people') {
        this.result.skipped_conflicts = (this.result.skipped_conflicts ?? 0) + 1;
        return null;
      }
    }
    if (matched === undefined) {
      const id = Number(this.stmt.insert.run(this.companyId, this.eventId, p.external_id, p.name, p.email, key, p.locale, p.note, at, at).lastInsertRowid);
      this.directory.add(id, p.external_id, key);
      this.result.created++;
      return { id, created: true };
    }
    if (!how.fields && p.external_id !== '' && this.directory.externalIdOf(matched) === '') {
      this.stmt.fillExternalId.run({ externalId: p.external_id, at, id: matched });
      this.directory.update(matched, p.external_id, this.directory.emailKeyOf(matched));
    }
    if (!this.flags.only_demographics && how.fields) {
      this.stmt.update.run({ externalId: p.external_id, name: p.name, email: p.email, key, locale: p.locale, note: p.note, at, id: matched });
      this.directory.update(matched, p.external_id || this.directory.externalIdOf(matched), key);
    }
    if (this.flags.destroy_existing_demographics) this.stmt.clearDemographics.run(matched);
    this.result.updated++;
    return { id: matched, created: false };
  }

  private applyDemographics(participantId: number, p: ParsedParticipant, mayHoldOthers: boolean): void {
    const categoriesOfRow: number[] = [];
    for (const entry of p.demographics) {
      const resolved = this.catalog.resolve(entry.demographic_category_name, entry.demographic_name, entry.exclusive, this.flags.save_missing_categories, this.result);
      if (!resolved) {
        this.result.demographics_ignored++;
        continue;
      }
      // A participant created just now holds only what this row gave it so far.
      const mayClash = mayHoldOthers || categoriesOfRow.includes(resolved.categoryId);
      if (resolved.exclusive && mayClash) {
        this.stmt.clearCategory.run({ participantId, categoryId: resolved.categoryId, demographicId: resolved.demographicId });
      }
      categoriesOfRow.push(resolved.categoryId);
      this.stmt.addDemographic.run(participantId, resolved.demographicId);
    }
  }

  private finish(): void {
    // Nothing imported means nothing was matched: an all-invalid payload destroys no one.
    if (this.flags.destroy_unmatched_participants && this.result.created + this.result.updated > 0) {
      this.result.destroyed = this.stmt.destroyUnmatched.run(this.eventId, this.actionId).changes;
    }
    this.end('completed', null);
  }

  private end(status: 'completed' | 'failed', error: string | null): void {
    this.transaction(() => {
      this.stmt.untouchAll.run(this.actionId);
      this.stmt.end.run(status, error, JSON.stringify(this.result), this.processed, this.now().toISOString(), this.actionId);
    });
    this.status = status;
  }
}
