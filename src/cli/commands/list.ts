/**
 * `muster list new --event ID --server URL [--name NAME]` makes an empty list of the event;
 * `muster list from-subjects --event ID --server URL [--campaign N [--slice S]] [--search TEXT]
 * [--draft ID] [--locale WRITTEN=LOCALE …] [--include-flagged]` makes one of the subjects the
 * mirror finds (or adds them to draft ID). Both work offline, from the mirror alone, and print
 * the draft's id and its check; the app's workspace opens it like any other list.
 * Exit 0 made; 2 usage or input (options, nothing to add, an unknown draft or campaign).
 */
import type { SubjectFilters } from '../../core/contract/subjects';
import { DraftSession, draftFromRows, subjectsIntoDraft, subjectsToNewList, type MirrorPlace, type SubjectsPlan, type SubjectsToList } from '../../services/usecases';
import { intOption, parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import { formatDraftCheck, formatPlan } from '../format/list-text';
import type { Io } from '../io';
import { accountOf, dataDirOf, requireServer, type Env } from '../sync/session';

const PLACE_OPTIONS = { server: { type: 'string' }, data: { type: 'string' }, account: { type: 'string' }, json: { type: 'boolean' }, event: { type: 'string' }, name: { type: 'string' } } as const;
const SUBJECT_OPTIONS = {
  ...PLACE_OPTIONS,
  campaign: { type: 'string' },
  slice: { type: 'string' },
  search: { type: 'string' },
  draft: { type: 'string' },
  locale: { type: 'string', multiple: true },
  'include-flagged': { type: 'boolean' },
} as const;

const today = () => new Date().toISOString().slice(0, 10);

function eventOf(value: string | undefined): number {
  if (value === undefined) throw new UsageError('--event ID is required: the external id of the event the list is for.');
  return intOption(value, 'event', '--event takes the event’s external id, a whole number from 1.')!;
}

function localesOf(pairs: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.lastIndexOf('=');
    if (at <= 0 || at === pair.length - 1) throw new UsageError(`--locale takes WRITTEN=LOCALE, e.g. --locale "en=en_GB", not "${pair}".`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

function printCheck(io: Io, place: MirrorPlace, draftId: number, json: boolean | undefined, plan?: SubjectsPlan, includeFlagged = false): void {
  const session = DraftSession.open(place, draftId);
  try {
    const summary = session.summary();
    if (json) io.out(JSON.stringify({ draft_id: draftId, check: summary, ...(plan ? { subjects: plan } : {}) }));
    else io.out([...(plan ? [formatPlan(plan, includeFlagged)] : []), formatDraftCheck(summary)].join('\n'));
  } finally {
    session.close();
  }
}

export async function listCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  const [verb, ...rest] = args;
  if (verb !== 'new' && verb !== 'from-subjects') {
    // A slip in an option is answered first, with its right spelling, as every command does.
    if (verb?.startsWith('-')) parseOptions(args, SUBJECT_OPTIONS, true);
    throw new UsageError(`list needs what to do first: "muster list new" or "muster list from-subjects"${verb ? `, not "${verb}"` : ''}.`);
  }
  const { values, positionals } = parseOptions(rest, verb === 'new' ? PLACE_OPTIONS : SUBJECT_OPTIONS, true);
  if (positionals.length > 0) throw new UsageError(`list ${verb} takes no file; unexpected "${positionals[0]}".`);
  const externalEventId = eventOf(values.event);
  const place: MirrorPlace = { dataDir: dataDirOf(values, env), serverUrl: requireServer(values), account: accountOf(values, env) };
  try {
    if (verb === 'new') {
      const draft = draftFromRows(place, { externalEventId, name: values.name ?? `New list of ${today()}` });
      printCheck(io, place, draft.id, values.json);
      return 0;
    }
    const v = values as { campaign?: string; slice?: string; search?: string; draft?: string; locale?: string[]; 'include-flagged'?: boolean; name?: string; json?: boolean };
    const filters: SubjectFilters = {};
    if (v.campaign !== undefined) filters.recruiting_campaign_id = intOption(v.campaign, 'campaign', '--campaign takes a campaign number from 1.');
    if (v.slice !== undefined) {
      if (v.campaign === undefined) throw new UsageError('--slice needs --campaign N: a slice is of one campaign.');
      filters.slice = v.slice as SubjectFilters['slice'];
    }
    if (v.search !== undefined) filters.search_term = v.search;
    const input: SubjectsToList = { externalEventId, selection: { filters }, locales: localesOf(v.locale), includeFlagged: v['include-flagged'] === true };
    const draftId = intOption(v.draft, 'draft', '--draft takes a draft number from 1.');
    if (draftId !== undefined) {
      const session = DraftSession.open(place, draftId);
      let plan: SubjectsPlan;
      try {
        plan = subjectsIntoDraft(place, session, input).plan;
      } finally {
        session.close();
      }
      printCheck(io, place, draftId, v.json, plan, input.includeFlagged);
      return 0;
    }
    const name = v.name ?? (v.campaign ? `Campaign ${v.campaign}${v.slice ? ` · ${v.slice}` : ''}` : `Subjects of ${today()}`);
    const made = subjectsToNewList(place, { ...input, name });
    printCheck(io, place, made.draftId, v.json, made.plan, input.includeFlagged);
    return 0;
  } catch (error) {
    throw asUsageError(error);
  }
}
