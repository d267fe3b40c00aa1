import type { CommandHelp } from './types';

/** `muster serve --help`: every option, and the fault spec (docs/interface.md, "Fault mode"). */
export const SERVE: CommandHelp = {
  summary: 'Serves the reference service of the recruiting interface over DIR/service.sqlite.',
  usage: '--data DIR [options]',
  options: [
    { flag: '--data DIR', text: 'folder that holds the service database (required)' },
    { flag: '--port N', text: 'port to listen on; 0 picks a free one', default: '8787' },
    { flag: '--host H', text: 'address to listen on', default: '127.0.0.1' },
    { flag: '--seed demo', text: 'fill an empty database with the demo companies' },
    { flag: '--tokens-out FILE', text: 'write a fresh token per company to FILE' },
    { flag: '--body-limit BYTES', text: 'largest request body', default: '32 MiB' },
    { flag: '--rate-limit N', text: 'requests a minute per token; 0 turns it off', default: '1200' },
    { flag: '--job-chunk-size N', text: 'participants an import job writes per step', default: '2000' },
    { flag: '--job-pause-ms N', text: 'pause between an import job’s steps', default: '0' },
    { flag: '--faults SPEC', text: 'fault mode: make requests fail on purpose (see below)', default: 'off' },
    { flag: '--faults-seed N', text: 'seed for the fault probabilities', default: 'random, printed' },
  ],
  examples: ['muster serve --data .demo --seed demo --tokens-out .demo/tokens.json', 'muster serve --data .demo --faults drop=0.05,503=0.05,latency=20-80'],
  more: `Fault spec: items separated by commas, applied to /api/* requests only.
  KIND=P[:ARG]     KIND on each request with probability P (0..1; all P add up to <= 1)
  KIND@N[:ARG]     KIND on the Nth /api request (1-based)
  latency=MIN-MAX  a MIN-MAX ms delay on every request; latency=P:MIN-MAX on some;
                   latency@N:MS on the Nth (a delay combines with any other fault)
  oauth            also cover POST /oauth/token
  none             nothing random; faults only as programmed through POST /__faults
Kinds:
  drop             run the request (the change is committed), then close the
                   connection without an answer
  500, 502, 503    answer that status without running the request
  502-after, 503-after   run the request, then answer that status instead
  429[:S]          answer 429 with Retry-After: S seconds (default 1), not running it
  expire-token     the caller's token is expired from this request on (401)
Example: --faults drop=0.05,503=0.05,429=0.05:2,latency=20-80,expire-token@40

In fault mode, GET /__faults lists every decision and POST /__faults programs more
(JSON {"next": [fault…], "when": [{"method", "path", "fault", "times"}], "clear"});
loopback callers with the API’s bearer token only. Injected faults are logged to stderr as warnings.
`,
};
