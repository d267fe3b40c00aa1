/**
 * Run as a separate process by draft-rows-later.test.ts: opens the draft given, fixes the
 * e-mail of every row as one step (answered before its rows are written), says so, and
 * dies by SIGKILL before the main side is idle, as a crash right after the answer would.
 */
import { DraftSession } from '../../../../src/services/usecases/draft-session';

const [dataDir, draftId, rows] = process.argv.slice(2);
const session = DraftSession.open({ dataDir, serverUrl: 'http://127.0.0.1:1', account: 'default' }, Number(draftId));
const change = session.edit(Array.from({ length: Number(rows) }, (_, i) => ({ position: i, field: 'email' as const, value: `fixed.${i}@example.com` })), 'bulk fix');
process.stdout.write(`answered ${change.rows.length}\n`);
process.kill(process.pid, 'SIGKILL');
