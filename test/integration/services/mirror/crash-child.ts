/**
 * Run as a separate process by outbox-recovery.test.ts: claims the next op of the mirror
 * file given, records what it "created", and dies by SIGKILL before completing it, as a
 * crash between the service's answer and the mirror's commit would.
 */
import { openMirror } from '../../../../src/services/mirror/open';
import { claim, setRemoteRef } from '../../../../src/services/mirror/queries/outbox/outbox';
import { nextRunnable } from '../../../../src/services/mirror/queries/outbox/outbox-queue';

const db = openMirror(process.argv[2]);
const op = nextRunnable(db, Number(process.argv[3]));
if (!op || !claim(db, op.id)) process.exit(3);
if (process.argv[4] === 'with-ref') setRemoteRef(db, op.id, 4242);
process.kill(process.pid, 'SIGKILL');
