import type { Db } from '../db/open';

export type JobStatements = ReturnType<typeof prepareJobStatements>;

/** The statements an import action job runs, prepared once per job. */
export function prepareJobStatements(db: Db) {
  return {
    state: db.prepare('SELECT status, progress_processed FROM participant_import_actions WHERE id = ?'),
    start: db.prepare("UPDATE participant_import_actions SET status = 'running', started_at = ?, progress_total = ? WHERE id = ?"),
    insert: db.prepare(
      `INSERT INTO participants (company_id, event_id, external_id, name, email, email_key, locale, note, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    update: db.prepare(
      `UPDATE participants SET external_id = CASE WHEN @externalId = '' THEN external_id ELSE @externalId END,
              name = @name, email = @email, email_key = @key, locale = @locale, note = @note, updated_at = @at WHERE id = @id`,
    ),
    // A merged duplicate may give a participant the external id an earlier row left blank, nothing more.
    fillExternalId: db.prepare("UPDATE participants SET external_id = @externalId, updated_at = @at WHERE id = @id AND external_id = ''"),
    clearDemographics: db.prepare('DELETE FROM participant_demographics WHERE participant_id = ?'),
    clearCategory: db.prepare(
      `DELETE FROM participant_demographics WHERE participant_id = @participantId AND demographic_id <> @demographicId
          AND demographic_id IN (SELECT id FROM demographics WHERE category_id = @categoryId)`,
    ),
    addDemographic: db.prepare('INSERT OR IGNORE INTO participant_demographics (participant_id, demographic_id) VALUES (?, ?)'),
    touch: db.prepare('INSERT OR IGNORE INTO action_touched (action_id, participant_id) VALUES (?, ?)'),
    untouchAll: db.prepare('DELETE FROM action_touched WHERE action_id = ?'),
    destroyUnmatched: db.prepare('DELETE FROM participants WHERE event_id = ? AND id NOT IN (SELECT participant_id FROM action_touched WHERE action_id = ?)'),
    progress: db.prepare('UPDATE participant_import_actions SET progress_processed = ?, result = ? WHERE id = ?'),
    end: db.prepare('UPDATE participant_import_actions SET status = ?, error = ?, result = ?, progress_processed = ?, finished_at = ? WHERE id = ?'),
  };
}
