/**
 * The command line as the end-to-end tests run it (built by vite.cli-test.config.ts into
 * out/cli-test): the release command line plus the crash-test hook, which a release must not
 * hold. Started directly by the pinned Node, without bin/muster.js.
 */
import { main } from '../../src/cli/index';
import { crashHookFromEnv } from './crash-hook';

process.exitCode = await main(process.argv.slice(2), undefined, { onTransition: crashHookFromEnv() });
