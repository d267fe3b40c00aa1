/**
 * Child-process entry of the pull benchmark: serves an already seeded data folder on
 * loopback and prints {"url", "token"} as one JSON line. The service gets its own process
 * (and core), as a real one has its own machine, so the pull's mirror writes can overlap
 * the service's work instead of taking turns with it on one thread.
 */
import { startService } from '../../src/server/index';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pull-service.ts DATA_DIR');
const service = await startService({ dataDir, rateLimit: false, tokensOut: `${dataDir}/tokens.json` });
process.stdout.write(`${JSON.stringify({ url: service.url, token: service.tokens[0].token, otherToken: service.tokens[1]?.token })}\n`);
const stop = () => void service.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
