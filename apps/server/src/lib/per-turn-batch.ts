/**
 * Reads by key asked in one turn of the event loop, sent together: `readMany` gets every key asked before the turn's
 * check phase (each once) and answers the rows it found; each caller gets those of its own keys, in its order, a key
 * not found left out. One statement for many requests' reads costs one round trip and one statement's fixed work.
 */
export function batchPerTurn<Row>(
  readMany: (keys: string[]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): (keys: string[]) => Promise<Row[]> {
  let asked: { keys: string[]; answer: (rows: Row[]) => void; fail: (error: unknown) => void }[] = [];

  async function send(): Promise<void> {
    const batch = asked;
    asked = [];
    try {
      const found = new Map(
        (await readMany([...new Set(batch.flatMap((one) => one.keys))])).map((row) => [keyOf(row), row]),
      );
      for (const { keys, answer } of batch) answer(keys.flatMap((key) => found.get(key) ?? []));
    } catch (error) {
      for (const { fail } of batch) fail(error);
    }
  }

  return (keys) => {
    if (keys.length === 0) return Promise.resolve([]);
    return new Promise((answer, fail) => {
      if (asked.length === 0) setImmediate(() => void send());
      asked.push({ keys, answer, fail });
    });
  };
}
