/**
 * Periodic background work (DESIGN §1: expiry, digests, renewals, pruning) that any number of instances may run,
 * each run happening once. Every task is a row of `tasks`; an instance claims a due one with ONE guarded UPDATE
 * (`… WHERE name = ? AND next_run_at <= now AND lease free`), which on SQLite and PostgreSQL alike lets exactly one
 * claimer through, then runs it and schedules the next run. A run that crashes keeps its lease until it ends, and
 * is then due again; a task's own work must therefore be idempotent per item (the offer sweep's guarded moves are).
 * The clock is a parameter, so tests run a year of schedule in a second.
 * A graceful stop (SIGTERM, app.close) aborts the run in progress (its `signal`), waits for it a bounded time, and
 * releases the leases this instance holds with the interrupted run still due, so another instance takes it at once
 * instead of after LEASE_MS.
 */
import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/dialect';
import { newHash, nowIso } from '../../lib/ids';

export interface Task {
  name: string;
  /** Time between two runs. */
  everyMs: number;
  /** `signal` aborts when the instance stops: a long run returns early (its items are idempotent, the rest run again). */
  run: (now: Date, signal: AbortSignal) => Promise<unknown>;
}

const LEASE_MS = 10 * 60_000;

/**
 * A turn of the event loop for the requests waiting, between two items of a task. On SQLite a statement never waits
 * for I/O, so a task's loop would otherwise hold the instance until its batch ends (the e-mails when away: seconds
 * on the big dataset). A task awaits this before each item.
 */
export const yieldToRequests = (): Promise<void> => setImmediate();

export class TaskRunner {
  readonly id = newHash(12);
  private readonly tasks = new Map<string, Task>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<string[]> | null = null;
  /** Every runDue in progress (the poll's and any direct call), awaited on stop. */
  private readonly running = new Set<Promise<string[]>>();
  private readonly stopping = new AbortController();

  /** `stopGraceMs`: how long stop() waits for a run that ignores the abort before letting its lease go anyway. */
  constructor(
    private readonly db: Db,
    private readonly stopGraceMs = 10_000,
  ) {}

  register(task: Task): this {
    this.tasks.set(task.name, task);
    return this;
  }

  /** Runs every task due at `now` that this instance claims; answers the names it ran. */
  runDue(now: Date = new Date()): Promise<string[]> {
    const round = this.runRound(now);
    this.running.add(round);
    void round.catch(() => undefined).finally(() => this.running.delete(round));
    return round;
  }

  private async runRound(now: Date): Promise<string[]> {
    const ran: string[] = [];
    const { signal } = this.stopping;
    for (const task of this.tasks.values()) {
      if (signal.aborted || !(await this.claim(task, now))) continue;
      let error: string | null = null;
      try {
        await task.run(now, signal);
        ran.push(task.name);
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
      }
      // a run cut short by the stop is not done: stop() gives its lease back with the run still due
      if (signal.aborted) continue;
      // the next run counts from this one's start, so a slow run does not drift the schedule
      await this.db
        .updateTable('tasks')
        .set({
          next_run_at: nowIso(new Date(now.getTime() + task.everyMs)),
          locked_until: null,
          claimed_by: null,
          last_run_at: nowIso(now),
          last_error: error,
        })
        .where('name', '=', task.name)
        .where('claimed_by', '=', this.id)
        .execute();
    }
    return ran;
  }

  private async claim(task: Task, now: Date): Promise<boolean> {
    const at = nowIso(now);
    await this.db
      .insertInto('tasks')
      .values({
        name: task.name,
        next_run_at: at,
        locked_until: null,
        claimed_by: null,
        last_run_at: null,
        last_error: null,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const claimed = await this.db
      .updateTable('tasks')
      .set({ locked_until: nowIso(new Date(now.getTime() + LEASE_MS)), claimed_by: this.id })
      .where('name', '=', task.name)
      .where('next_run_at', '<=', at)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  /** Polls every `pollMs` (not holding the process open); one round at a time. */
  start(pollMs: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => {
      if (this.round) return;
      this.round = this.runDue().catch((error: unknown) => {
        onError(error);
        return [];
      });
      void this.round.finally(() => (this.round = null));
    }, pollMs);
    this.timer.unref();
  }

  /** Stops polling and tells the runs in progress to end (the start of a graceful stop). */
  abort(): void {
    if (this.timer) clearInterval(this.timer);
    this.stopping.abort();
  }

  /** Aborts, waits up to stopGraceMs for the runs in progress, then releases every lease this instance holds. */
  async stop(): Promise<void> {
    this.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, this.stopGraceMs))),
    ]);
    clearTimeout(timer);
    // next_run_at untouched: the interrupted run is due now for whichever instance polls next; a run that ignored the
    // abort and ends later finds its lease gone (its closing update matches claimed_by) and changes nothing
    await this.db
      .updateTable('tasks')
      .set({ locked_until: null, claimed_by: null })
      .where('claimed_by', '=', this.id)
      .execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    tasks: TaskRunner;
  }
}

/**
 * One runner per instance, with the app's tasks; polled every TASKS_POLL_SECONDS (0: never — the API tests call runDue).
 * On close the runs in progress are aborted as the close begins (preClose, while requests in flight finish) and given
 * half of SHUTDOWN_TIMEOUT_SECONDS before their leases are released, before the pools close.
 */
export function taskRunnerPlugin(app: FastifyInstance, tasks: Task[], pollSeconds: number): TaskRunner {
  const runner = new TaskRunner(app.db, (app.config.shutdownTimeoutSeconds * 1000) / 2);
  for (const task of tasks) runner.register(task);
  app.decorate('tasks', runner);
  if (pollSeconds > 0)
    app.addHook('onReady', async () =>
      runner.start(pollSeconds * 1000, (error) => app.log.error({ err: error }, 'background task round failed')),
    );
  app.addHook('preClose', async () => runner.abort());
  app.addHook('onClose', async () => runner.stop());
  return runner;
}
