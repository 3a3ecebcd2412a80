/**
 * Natural batching (decision 013): calls that arrive while earlier batches are running wait and
 * leave together as one statement, so under load a statement carries many of them (one round
 * trip, one plan start, one commit and WAL flush for all), and when the API is idle a call still
 * leaves at once (on the next turn of the event loop, with whatever arrived in the same turn).
 */
export type BatcherOptions<Item, Result> = {
  /** Runs one batch; answers one result per item, in the items' order. */
  run(items: Item[]): Promise<Result[]>;
  maxBatchSize: number;
  /** Batches running at once; fewer means larger batches and fewer statements. */
  maxInFlight: number;
  /**
   * Items with the same key never share a batch, nor run beside one another in two batches (one
   * user's movements stay one per statement, and this process's batches never wait on each
   * other's row locks).
   */
  conflictKey?(item: Item): string;
};

type Waiting<Item, Result> = { item: Item; resolve(result: Result): void; reject(error: unknown): void };

export type Batcher<Item, Result> = { submit(item: Item): Promise<Result> };

export function createBatcher<Item, Result>(options: BatcherOptions<Item, Result>): Batcher<Item, Result> {
  const queue: Waiting<Item, Result>[] = [];
  let inFlight = 0;
  let flushScheduled = false;
  /** The conflict keys of the items in running batches. */
  const busyKeys = new Set<string>();

  function scheduleFlush() {
    if (flushScheduled || inFlight >= options.maxInFlight || queue.length === 0) return;
    flushScheduled = true;
    setImmediate(flush);
  }

  /** The oldest waiting items whose keys are free, up to the batch size; their keys become busy. */
  function takeBatch(): { batch: Waiting<Item, Result>[]; keys: string[] } {
    const batch: Waiting<Item, Result>[] = [];
    const keys: string[] = [];
    for (let index = 0; index < queue.length && batch.length < options.maxBatchSize; ) {
      const key = options.conflictKey?.(queue[index]!.item);
      if (key !== undefined && busyKeys.has(key)) {
        index += 1;
        continue;
      }
      if (key !== undefined) {
        busyKeys.add(key);
        keys.push(key);
      }
      batch.push(queue.splice(index, 1)[0]!);
    }
    return { batch, keys };
  }

  function flush() {
    flushScheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const { batch, keys } = takeBatch();
      // Everything waiting shares a key with a running batch: its end flushes again.
      if (batch.length === 0) return;
      inFlight += 1;
      void runBatch(batch).then((settleCallers) => {
        inFlight -= 1;
        for (const key of keys) busyKeys.delete(key);
        // The next batch leaves before this one's callers resume, so the database works on it while
        // this process answers them; the calls it takes have waited already, so no turn is awaited.
        flush();
        settleCallers();
      });
    }
  }

  /** Runs a batch and answers how to settle its callers (called once the batch's slot is free). */
  async function runBatch(batch: Waiting<Item, Result>[]): Promise<() => void> {
    try {
      const results = await options.run(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      return () => batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) return () => batch[0]!.reject(error);
      // A batch fails as a whole (one item's constraint violation, a deadlock): each item is then
      // run on its own, so a failure stays the failing item's and the others still go through.
      const settlers = await Promise.all(batch.map((waiting) => runBatch([waiting])));
      return () => settlers.forEach((settle) => settle());
    }
  }

  return {
    submit(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        scheduleFlush();
      });
    },
  };
}
