/** How the command line words the end of a run that stopped before its work was done. */
export const PAUSED_SENTENCE = 'the token was refused; give a new one with MUSTER_TOKEN and run muster sync';

export const resumeHint = (server: string) => `run \`muster sync --server ${server}\` to finish it`;
