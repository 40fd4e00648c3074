// An async iterator fed by push(): what arrives between reads waits in order, up to a limit, so a reader that falls
// too far behind ends with an error instead of holding memory without bound. Shared by a live subscription to the
// event bus and by each subscriber of a shared subscription.

export class BoundedQueue<T> implements AsyncIterableIterator<T> {
  private readonly buffered: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;
  private done = false;

  constructor(
    private readonly limit: number,
    /** The error the reader gets once more than `limit` values wait. */
    private readonly overflow: () => Error,
    /** Called once when the queue stops taking values: ended, failed, overflowed or returned by its reader. */
    private readonly onClose: () => void = () => undefined,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffered.length > 0) return Promise.resolve({ value: this.buffered.shift() as T, done: false });
    if (this.failure) return Promise.reject(this.failure);
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** The reader stops: what is still buffered is dropped. */
  async return(): Promise<IteratorResult<T>> {
    this.close();
    this.buffered.length = 0;
    return { value: undefined, done: true };
  }

  push(value: T): void {
    if (this.done) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value, done: false });
      return;
    }
    if (this.buffered.length >= this.limit) {
      this.fail(this.overflow());
      return;
    }
    this.buffered.push(value);
  }

  /** No more values: the reader gets what is buffered, then the end. */
  end(): void {
    this.close();
  }

  /** The reader gets what is buffered, then `error`. */
  fail(error: Error): void {
    if (this.done) return;
    this.failure = error;
    const waiting = this.waiting;
    this.waiting = null;
    this.close();
    waiting?.reject(error);
  }

  private close(): void {
    if (this.done) return;
    this.done = true;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ value: undefined, done: true });
    this.onClose();
  }
}
