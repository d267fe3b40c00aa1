/**
 * `pullAll(db, remote, options)`: what `muster pull` and the app's "refresh" do — the imports
 * and actions of the events the mirror knows (pull-imports.ts), then every subject
 * (subjects/pull.ts), then the standings of the followed campaigns (campaigns.ts). Read-only towards the service; local changes are never overwritten.
 */
import type { MirrorDb } from '../mirror/open';
import type { RemoteClient } from '../remote/client';
import { pullCampaigns, type CampaignPullCounts } from './campaigns';
import { pullImports, type ImportPullCounts } from './pull-imports';
import { pullSubjects, type PullOptions, type SubjectPullCounts } from './subjects/pull';

export interface PullReport {
  imports: ImportPullCounts;
  subjects: SubjectPullCounts;
  campaigns: CampaignPullCounts;
}

export async function pullAll(db: MirrorDb, remote: RemoteClient, options: PullOptions = {}): Promise<PullReport> {
  const imports = await pullImports(db, remote, options);
  const subjects = await pullSubjects(db, remote, options);
  const campaigns = await pullCampaigns(db, remote, options);
  return { imports, subjects, campaigns };
}
