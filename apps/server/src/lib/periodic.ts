/** Runs `round` every `everyMs`, never two at once, without keeping the process alive; `stop` awaits the one in flight. */
export function runPeriodically(everyMs: number, round: () => Promise<void>): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= round().finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
