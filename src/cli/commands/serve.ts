import { resolve } from 'node:path';
import { startService } from '../../server/index';
import { FaultSpecError, parseFaultSpec, type FaultSpec } from '../../server/faults';
import { intOption, parseOptions } from '../args';
import { UsageError } from '../errors';
import type { Io } from '../io';
import { untilStopped } from '../signals';

function faultSpecOf(text: string): FaultSpec {
  try {
    return parseFaultSpec(text);
  } catch (error) {
    if (error instanceof FaultSpecError) throw new UsageError(`--faults: ${error.message}. See \`muster serve --help\` for the syntax.`);
    throw error;
  }
}

/** `muster serve --port N --data DIR [--seed demo] [--tokens-out FILE] [--host H] [--faults SPEC]` */
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
    faults: { type: 'string' },
    'faults-seed': { type: 'string' },
  });
  if (!values.data) throw new UsageError('--data DIR is required: the folder that holds the service database.');
  if (values.seed !== undefined && values.seed !== 'demo') throw new UsageError(`--seed takes "demo", not "${values.seed}".`);
  const rate = intOption(values['rate-limit'], 'rate-limit');
  if (values['faults-seed'] !== undefined && values.faults === undefined) throw new UsageError('--faults-seed needs --faults SPEC.');
  const spec = values.faults === undefined ? undefined : faultSpecOf(values.faults);
  // A random seed unless given, printed so a failing run can be repeated.
  const seed = intOption(values['faults-seed'], 'faults-seed') ?? Math.floor(Math.random() * 2 ** 31);
  // Listening for the stop before starting: a signal sent once the port answers, while the
  // service still finishes starting, would otherwise end the process uncleanly.
  const stopped = untilStopped();
  const service = await startService({
    dataDir: resolve(values.data),
    port: intOption(values.port, 'port') ?? 8787,
    host: values.host ?? '127.0.0.1',
    seed: values.seed === 'demo' ? 'demo' : null,
    tokensOut: values['tokens-out'] ? resolve(values['tokens-out']) : undefined,
    bodyLimit: intOption(values['body-limit'], 'body-limit'),
    rateLimit: rate === undefined ? undefined : rate === 0 ? false : { max: rate, windowMs: 60_000 },
    // Problems (500s, failed jobs) go to stderr as JSON lines; tokens never do.
    // Injected faults are warnings too, so a failing campaign can be read back.
    // (Fastify logs to stdout unless given a stream.)
    logger: { level: 'warn', redact: ['req.headers.authorization'], stream: process.stderr },
    faults: spec ? { spec, seed } : undefined,
    jobs: { chunkSize: intOption(values['job-chunk-size'], 'job-chunk-size'), pauseMs: intOption(values['job-pause-ms'], 'job-pause-ms') },
  });
  io.out(`Muster reference service listening on ${service.url}`);
  if (spec) io.out(`Fault mode on: ${values.faults?.trim() || 'none'} (seed ${seed}); GET/POST ${service.url}/__faults to read or program faults`);
  if (values['tokens-out']) io.out(`Tokens for ${service.tokens.length} companies written to ${values['tokens-out']}`);
  await stopped;
  await service.close();
  return 0;
}
