import { resolve } from 'node:path';
import { startService } from '../../server/index';
import { intOption, parseOptions } from '../args';
import { UsageError } from '../errors';
import type { Io } from '../io';
import { untilStopped } from '../signals';

/** `muster serve --port N --data DIR [--seed demo] [--tokens-out FILE] [--host H]` */
export async function serveCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseOptions(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    seed: { type: 'string' },
    'tokens-out': { type: 'string' },
    'body-limit': { type: 'string' },
    'rate-limit': { type: 'string' },
    'job-chunk-size': { type: 'string' },
    'job-pause-ms': { type: 'string' },
  });
  if (!values.data) throw new UsageError('--data DIR is required: the folder that holds the service database.');
  if (values.seed !== undefined && values.seed !== 'demo') throw new UsageError(`--seed takes "demo", not "${values.seed}".`);
  const rate = intOption(values['rate-limit'], 'rate-limit');
  const service = await startService({
    dataDir: resolve(values.data),
    port: intOption(values.port, 'port') ?? 8787,
    host: values.host ?? '127.0.0.1',
    seed: values.seed === 'demo' ? 'demo' : null,
    tokensOut: values['tokens-out'] ? resolve(values['tokens-out']) : undefined,
    bodyLimit: intOption(values['body-limit'], 'body-limit'),
    rateLimit: rate === undefined ? undefined : rate === 0 ? false : { max: rate, windowMs: 60_000 },
    // Problems (500s, failed jobs) go to stderr as JSON lines; tokens never do.
    logger: { level: 'warn', redact: ['req.headers.authorization'] },
    jobs: { chunkSize: intOption(values['job-chunk-size'], 'job-chunk-size'), pauseMs: intOption(values['job-pause-ms'], 'job-pause-ms') },
  });
  io.out(`Muster reference service listening on ${service.url}`);
  if (values['tokens-out']) io.out(`Tokens for ${service.tokens.length} companies written to ${values['tokens-out']}`);
  await untilStopped();
  await service.close();
  return 0;
}
