/**
 * One item read ahead of its consumer: while the caller works on an item (an export formats and stores
 * a batch of rows), the source is already asked for the next one (the next keyset statement runs on
 * the database meanwhile). Never more than one item is pending, so memory stays at two items at most;
 * the order is the source's. When the caller stops early (an error, a `break`), the pending item is
 * awaited and dropped and the source is closed.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  const it = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = it.next();
  // A failure of the item read ahead surfaces when it is awaited, not as an unhandled rejection.
  pending.catch(() => {});
  try {
    for (;;) {
      const current: IteratorResult<T> = await pending;
      pending = null;
      if (current.done) return;
      pending = it.next();
      pending.catch(() => {});
      yield current.value;
    }
  } finally {
    if (pending) {
      // Stopped early: the item already asked for is dropped; then the source is closed.
      await pending.catch(() => undefined);
      await it.return?.();
    }
  }
}
