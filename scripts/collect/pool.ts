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
