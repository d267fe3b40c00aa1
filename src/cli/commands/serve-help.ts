/** `muster serve --help`: every option, and the fault spec (docs/interface.md, "Fault mode"). */
export const SERVE_HELP = `Usage: muster serve --data DIR [options]

Serves the reference service on loopback.

Options:
  --data DIR            folder that holds the service database (required)
  --port N              port to listen on (default 8787; 0 picks a free one)
  --host H              address to listen on (default 127.0.0.1)
  --seed demo           fill an empty database with the demo companies
  --tokens-out FILE     write a fresh token per company to FILE
  --body-limit BYTES    largest request body (default 32 MiB)
  --rate-limit N        requests a minute per token (default 1200; 0 turns it off)
  --job-chunk-size N, --job-pause-ms N   import job pacing
  --faults SPEC         fault mode (off by default): make requests fail on purpose
  --faults-seed N       seed for the fault probabilities (default: random, printed)

Fault spec: items separated by commas, applied to /api/* requests only.
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
loopback callers only. Injected faults are logged to stderr as warnings.
`;
