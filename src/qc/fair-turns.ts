// Whose photo a free analysis worker takes next (docs/limits.md#photo-analysis). Each account waits in its own queue;
// a free worker takes the next photo of the account with the fewest photos in analysis, ties going to the account
// served longest ago. A flood from one account so keeps only the workers it already holds, and another account's
// photo starts on the first worker that frees: it waits for at most one photo's analysis per worker.

export class FairTurns<T> {
  /** Waiting items per owner, the owners in turn order (served longest ago first). */
  private readonly waiting = new Map<string, T[]>();
  /** Items started and not yet finished, per owner. */
  private readonly running = new Map<string, number>();
  private waitingCount = 0;
  private runningCount = 0;

  enqueue(owner: string, item: T): void {
    const queue = this.waiting.get(owner);
    if (queue) queue.push(item);
    else this.waiting.set(owner, [item]);
    this.waitingCount += 1;
  }

  /** Takes the next item to start and counts it running under its owner; undefined when nothing waits. */
  next(): { owner: string; item: T } | undefined {
    let chosen: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const owner of this.waiting.keys()) {
      const running = this.running.get(owner) ?? 0;
      if (running < fewest) {
        chosen = owner;
        fewest = running;
      }
    }
    if (chosen === undefined) return undefined;
    const queue = this.waiting.get(chosen) as T[];
    const item = queue.shift() as T;
    // Served: the owner goes to the back of the turn order (or leaves it with nothing more waiting).
    this.waiting.delete(chosen);
    if (queue.length > 0) this.waiting.set(chosen, queue);
    this.waitingCount -= 1;
    this.running.set(chosen, fewest + 1);
    this.runningCount += 1;
    return { owner: chosen, item };
  }

  /** An item of `owner` that `next` started has finished. */
  finish(owner: string): void {
    const running = this.running.get(owner) ?? 0;
    if (running === 0) throw new Error(`nothing of ${owner} is running`);
    if (running === 1) this.running.delete(owner);
    else this.running.set(owner, running - 1);
    this.runningCount -= 1;
  }

  /** Items waiting, all owners together. */
  get queued(): number {
    return this.waitingCount;
  }

  /** Items running, all owners together. */
  get active(): number {
    return this.runningCount;
  }
}
