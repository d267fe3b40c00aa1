/** Resolves on Ctrl-C or a termination signal, so servers can close cleanly. */
export function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * An AbortSignal that Ctrl-C or a termination signal aborts, for a use case to stop on;
 * `dispose` takes the handlers off again.
 */
export function abortOnSignals(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.on('SIGINT', abort);
  process.on('SIGTERM', abort);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', abort);
      process.off('SIGTERM', abort);
    },
  };
}
