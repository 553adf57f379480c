/**
 * Group commit: jobs arriving within a few milliseconds go to the database in one transaction.
 * A batch is committed when `maxDelayMs` passed since its first job or `flushRows` rows are queued;
 * while a commit is in flight the next jobs queue up and go together as soon as it ends (so under
 * load the batch grows by itself, up to `maxRows`). One commit at a time: the order of commits is
 * the order of jobs, which keeps the latest state, trips and online flags consistent.
 */
export interface GroupCommitOptions {
  /** Default 2 ms. */
  maxDelayMs?: number;
  /** Rows that start a commit at once; default 500. */
  flushRows?: number;
  /** Most rows in one transaction (a job is never split); default 5,000. */
  maxRows?: number;
}

export interface Job {
  /** Rows the job writes (0 for state-only jobs); sizes batches and backpressure. */
  rows: number;
}

export class GroupCommit<J extends Job> {
  private queue: J[] = [];
  private queuedRows = 0;
  private inFlightRows = 0;
  private flushing = false;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private idleWaiters: (() => void)[] = [];
  private readonly maxDelayMs: number;
  private readonly flushRows: number;
  private readonly maxRows: number;
  /** Called when a commit ended and the backlog shrank (backpressure release). */
  onDrained: (() => void) | null = null;

  constructor(
    private readonly commit: (batch: J[]) => Promise<void>,
    /** Answers each job of a batch after its transaction committed (ok) or failed. */
    private readonly settle: (batch: J[], error: unknown | null) => void,
    options: GroupCommitOptions = {},
  ) {
    this.maxDelayMs = options.maxDelayMs ?? 2;
    this.flushRows = options.flushRows ?? 500;
    this.maxRows = options.maxRows ?? 5000;
  }

  /** Rows queued or being committed. */
  get backlog(): number {
    return this.queuedRows + this.inFlightRows;
  }

  push(job: J): void {
    this.queue.push(job);
    this.queuedRows += job.rows;
    if (this.flushing) return;
    if (this.queuedRows >= this.flushRows) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      // After the current I/O callback, so every frame of the chunk being read joins the batch.
      this.immediate ??= setImmediate(() => {
        this.immediate = null;
        void this.flush();
      });
    } else if (!this.timer && !this.immediate) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.maxDelayMs);
    }
  }

  /** Resolves once everything pushed so far is committed (or failed). */
  drain(): Promise<void> {
    if (!this.flushing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      if (!this.flushing && !this.immediate) {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        void this.flush();
      }
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.queue.length === 0) {
      if (!this.flushing) this.wakeIdle();
      return;
    }
    this.flushing = true;
    let take = 0;
    let rows = 0;
    while (take < this.queue.length) {
      const next = (this.queue[take] as J).rows;
      if (take > 0 && rows + next > this.maxRows) break;
      rows += next;
      take++;
    }
    const batch = take === this.queue.length ? this.queue : this.queue.slice(0, take);
    this.queue = take === this.queue.length ? [] : this.queue.slice(take);
    this.queuedRows -= rows;
    this.inFlightRows = rows;
    let failure: unknown | null = null;
    try {
      await this.commit(batch);
    } catch (error) {
      failure = error;
    }
    this.inFlightRows = 0;
    this.settle(batch, failure);
    this.flushing = false;
    this.onDrained?.();
    if (this.queue.length > 0) {
      // Next batch after pending I/O: a synchronous driver (SQLite) would otherwise starve the
      // sockets and timers, and the reports read meanwhile join this next batch.
      this.immediate ??= setImmediate(() => {
        this.immediate = null;
        void this.flush();
      });
    } else {
      this.wakeIdle();
    }
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
