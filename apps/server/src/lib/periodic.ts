/**
 * Runs `round` every `everyMs`, never two at once, without keeping the process alive; `stop` awaits the one in flight.
 * A round that fails is handed to `failed` (a warning, say) and the next one runs as planned: an unhandled rejection
 * would end the process.
 */
export function runPeriodically(
  everyMs: number,
  round: () => Promise<void>,
  failed: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= round()
      .catch(failed)
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
