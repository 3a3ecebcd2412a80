import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

type Item = { id: number; key?: string; bad?: boolean };

/** A run that records its batches and how many ran at once, answering each item's id × 10. */
function recordingRun({ delayMs = 5 }: { delayMs?: number } = {}) {
  const batches: number[][] = [];
  let running = 0;
  let mostAtOnce = 0;
  const runningKeys = new Set<string>();
  let keyOverlap = false;
  return {
    batches,
    mostAtOnce: () => mostAtOnce,
    keyOverlap: () => keyOverlap,
    async run(items: Item[]) {
      batches.push(items.map((item) => item.id));
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      const keys = items.flatMap((item) => (item.key ? [item.key] : []));
      if (keys.some((key) => runningKeys.has(key))) keyOverlap = true;
      for (const key of keys) runningKeys.add(key);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      for (const key of keys) runningKeys.delete(key);
      running -= 1;
      if (items.some((item) => item.bad)) throw new Error(`bad item in ${items.map((item) => item.id).join(',')}`);
      return items.map((item) => item.id * 10);
    },
  };
}

describe('createBatcher (natural batching)', () => {
  it('runs a lone call at once, alone', async () => {
    const recorder = recordingRun();
    const batcher = createBatcher({ run: recorder.run, maxBatchSize: 8, maxInFlight: 1 });
    expect(await batcher.submit({ id: 1 })).toBe(10);
    expect(recorder.batches).toEqual([[1]]);
  });

  it('sends calls made in the same turn as one batch, each answered with its own result', async () => {
    const recorder = recordingRun();
    const batcher = createBatcher({ run: recorder.run, maxBatchSize: 8, maxInFlight: 1 });
    const results = await Promise.all([1, 2, 3, 4].map((id) => batcher.submit({ id })));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(recorder.batches).toEqual([[1, 2, 3, 4]]);
  });

  it('keeps batches within the size and running batches within the in-flight limit; later calls wait and leave together', async () => {
    const recorder = recordingRun();
    const batcher = createBatcher({ run: recorder.run, maxBatchSize: 3, maxInFlight: 2 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => batcher.submit({ id: index + 1 })));
    expect(results).toEqual(Array.from({ length: 20 }, (_, index) => (index + 1) * 10));
    expect(Math.max(...recorder.batches.map((batch) => batch.length))).toBe(3);
    expect(recorder.mostAtOnce()).toBe(2);
    expect(recorder.batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('never puts two calls with one key in a batch, nor runs them side by side, and keeps their order', async () => {
    const recorder = recordingRun();
    const batcher = createBatcher({ run: recorder.run, maxBatchSize: 10, maxInFlight: 3, conflictKey: (item: Item) => item.key! });
    const items = Array.from({ length: 30 }, (_, index) => ({ id: index + 1, key: `user-${index % 4}` }));
    const results = await Promise.all(items.map((item) => batcher.submit(item)));
    expect(results).toEqual(items.map((item) => item.id * 10));
    for (const batch of recorder.batches) {
      const keys = batch.map((id) => `user-${(id - 1) % 4}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(recorder.keyOverlap()).toBe(false);
    // One key's calls leave in the order they came.
    const order = recorder.batches.flat();
    for (let key = 0; key < 4; key++) {
      const ids = order.filter((id) => (id - 1) % 4 === key);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  it('runs the items of a failed batch one by one, so only the failing item fails', async () => {
    const recorder = recordingRun({ delayMs: 1 });
    const batcher = createBatcher({ run: recorder.run, maxBatchSize: 8, maxInFlight: 1 });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((id) => batcher.submit({ id, bad: id === 3 })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value)).toEqual([10, 20, 40]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(recorder.batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('treats a batch answering the wrong number of results as failed', async () => {
    const batcher = createBatcher<number, number>({
      maxBatchSize: 8,
      maxInFlight: 1,
      run: async (items) => (items.length > 1 ? [1] : items.map((item) => item + 1)),
    });
    expect(await Promise.all([1, 2, 3].map((item) => batcher.submit(item)))).toEqual([2, 3, 4]);
  });

  it("sends the next batch before the finished batch's callers resume (decision 014)", async () => {
    const events: string[] = [];
    let firstBatchStarted!: () => void;
    const firstBatchRunning = new Promise<void>((resolve) => (firstBatchStarted = resolve));
    const batcher = createBatcher<number, number>({
      maxBatchSize: 8,
      maxInFlight: 1,
      async run(items) {
        events.push(`run ${items.join(',')}`);
        firstBatchStarted();
        await new Promise((resolve) => setTimeout(resolve, 5));
        return items;
      },
    });
    const first = batcher.submit(1).then(() => events.push('caller of 1 resumed'));
    // Item 2 must arrive while batch 1 runs, not join it: a timer could fire before the flush.
    await firstBatchRunning;
    const second = batcher.submit(2);
    await Promise.all([first, second]);
    expect(events).toEqual(['run 1', 'run 2', 'caller of 1 resumed']);
  });

  it('goes on after a failure: later calls are still served', async () => {
    const recorder = recordingRun({ delayMs: 1 });
    const batcher = createBatcher({ run: recorder.run, maxBatchSize: 4, maxInFlight: 1 });
    await expect(batcher.submit({ id: 1, bad: true })).rejects.toThrow('bad item in 1');
    expect(await batcher.submit({ id: 2 })).toBe(20);
  });
});
