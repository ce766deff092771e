/** Runs at most `max` tasks at a time, the others in the order they came. */
export function queue(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running += 1;
    else await new Promise<void>((resume) => waiting.push(resume));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or is freed: `running` never exceeds `max`.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
  /** Tasks running and waiting. */
  const load = () => ({ running, waiting: waiting.length });
  return Object.assign(run, { load });
}
