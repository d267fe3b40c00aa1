/**
 * Runs search bodies against the reference service and against a mirror pulled from it,
 * and says where they differ (ids, their order, or the total; or one refusing what the
 * other answered). Used by the conformance test and `npm run bench -- search-conformance`.
 */
import { join } from 'node:path';
import { PAGING_HEADERS, type SubjectFilters } from '../../../src/core/contract/subjects';
import { openMirror, type MirrorDb } from '../../../src/services/mirror/open';
import { followCampaign } from '../../../src/services/mirror/queries/subjects/campaigns';
import { remoteIdsOf } from '../../../src/services/mirror/queries/subjects/subject-search';
import { createRemoteClient } from '../../../src/services/remote/client';
import { pullAll } from '../../../src/services/sync/pull';
import { searchMirrorSubjects } from '../../../src/services/usecases/subject-search';
import { UseCaseError } from '../../../src/services/usecases/errors';
import type { TestService } from '../service';
import { seedSearchWorld, type SearchWorld } from './world';

export interface Outcome {
  ids: (number | null)[];
  total: number;
}

export interface Difference {
  body: SubjectFilters;
  service: Outcome | string;
  mirror: Outcome | string;
}

/** Seeds `count` random subjects into the first company, then pulls a mirror of it with every campaign followed. */
export async function worldAndMirror(service: TestService, options: { count: number; seed: number; now: Date; dir: string }): Promise<{ world: SearchWorld; mirror: MirrorDb }> {
  const db = service.context.db;
  const eventId = db.prepare('SELECT id FROM events WHERE company_id = 1 ORDER BY id LIMIT 1').pluck().get() as number;
  const campaignIds = db.prepare('SELECT id FROM recruiting_campaigns WHERE company_id = 1 ORDER BY id').pluck().all() as number[];
  const world = seedSearchWorld(db, { companyId: 1, eventId, campaignIds, count: options.count, seed: options.seed, now: options.now });
  const mirror = openMirror(join(options.dir, `conformance-${options.seed}.sqlite`));
  for (const id of world.campaignIds) followCampaign(mirror, id);
  const remote = createRemoteClient({ serverUrl: service.url, token: () => service.token });
  try {
    await pullAll(mirror, remote);
  } finally {
    remote.close();
  }
  return { world, mirror };
}

async function fromService(service: TestService, body: SubjectFilters): Promise<Outcome | string> {
  const answer = await service.client().post('/api/v1/subjects/search', body);
  if (answer.status !== 200) return `refused (${answer.status})`;
  return { ids: (answer.body as { response: { id: number }[] }).response.map((s) => s.id), total: Number(answer.headers.get(PAGING_HEADERS.total)) };
}

function fromMirror(mirror: MirrorDb, body: SubjectFilters, today: string): Outcome | string {
  try {
    const found = searchMirrorSubjects(mirror, body, today);
    return { ids: remoteIdsOf(mirror, found.localIds), total: found.total };
  } catch (error) {
    if (error instanceof UseCaseError) return 'refused';
    throw error;
  }
}

const agree = (a: Outcome | string, b: Outcome | string) =>
  typeof a === 'string' || typeof b === 'string' ? typeof a === 'string' && typeof b === 'string' : a.total === b.total && JSON.stringify(a.ids) === JSON.stringify(b.ids);

export async function compareSearches(service: TestService, mirror: MirrorDb, today: string, bodies: readonly SubjectFilters[]): Promise<{ compared: number; refused: number; matched: number; differences: Difference[] }> {
  const differences: Difference[] = [];
  let refused = 0;
  let matched = 0;
  for (const body of bodies) {
    const s = await fromService(service, body);
    const m = fromMirror(mirror, body, today);
    if (!agree(s, m)) differences.push({ body, service: s, mirror: m });
    else if (typeof s === 'string') refused++;
    else matched += s.ids.length;
  }
  return { compared: bodies.length, refused, matched, differences };
}
