// Bounded concurrency over a lazy source: at most `concurrency` items in flight, the next one
// pulled only when a slot frees up, so nothing is read ahead of need.
export async function runPool<T>(source: AsyncIterator<T>, concurrency: number, run: (item: T) => Promise<void>, stopped: () => boolean): Promise<void> {
  const worker = async () => {
    while (!stopped()) {
      // Concurrent next() calls on an async generator queue up; each item goes to one worker.
      const next = await source.next();
      if (next.done) return;
      await run(next.value);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * As runPool, in batches: ceil(concurrency / size) workers, each taking up to `size` items that
 * share a key (an item with another key starts the worker's next batch), so at most about
 * `concurrency` items are in flight.
 */
export async function runBatches<T>(source: AsyncIterator<T>, concurrency: number, size: number, key: (item: T) => string, run: (items: T[]) => Promise<void>, stopped: () => boolean): Promise<void> {
  const worker = async () => {
    let carried: T | undefined;
    while (!stopped()) {
      const batch: T[] = carried === undefined ? [] : [carried];
      carried = undefined;
      while (batch.length < size) {
        const next = await source.next();
        if (next.done) break;
        if (batch.length > 0 && key(next.value) !== key(batch[0]!)) {
          carried = next.value;
          break;
        }
        batch.push(next.value);
      }
      if (batch.length === 0) return;
      await run(batch);
    }
  };
  await Promise.all(Array.from({ length: Math.ceil(concurrency / size) }, worker));
}
