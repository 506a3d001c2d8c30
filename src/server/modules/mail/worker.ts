/**
 * Delivers the outbox (issue 8 §1): nodemailer to SMTP_URL, every few seconds, on every instance.
 *
 * - Claiming is atomic, so two instances never send one message twice: PostgreSQL takes due rows with
 *   `FOR UPDATE SKIP LOCKED` in a transaction that marks them SENDING; SQLite marks each row with a guarded
 *   `UPDATE … WHERE hash = ? AND <still due>` and keeps the rows whose update took effect.
 * - A claimed row carries a lease (`locked_until`) and the claim's id (`claimed_by`): only that claim may
 *   finish it, and a row left in SENDING by a crashed instance is due again when its lease ends (nothing lost
 *   on restart). The SMTP timeouts are shorter than the lease, so a live worker always finishes first.
 * - A failure puts the row back to PENDING with a later `next_attempt_at` (1 min, 5 min, 30 min, 2 h, 6 h,
 *   12 h); after the last attempt, or when the server refuses the recipient for good (5xx to RCPT TO), it is
 *   FAILED with the error. `attempts` counts claims.
 * A round runs every few seconds and shortly after an enqueue in this process (outbox.ts `onMailQueued`).
 * Without SMTP_URL no worker runs and mail stays PENDING (read it with `npm run mail:outbox`).
 */
import { createTransport, type Transporter } from 'nodemailer';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db, DialectName } from '../../db/dialect';
import type { Database, EmailOutboxTable } from '../../db/types';
import { newHash, nowIso } from '../../lib/ids';
import { onMailQueued, setMailSiteUrl } from './outbox';
import { makeAttachments } from './attachments';

const MINUTE = 60_000;
export const DEFAULT_BACKOFF_MS = [1, 5, 30, 120, 360, 720].map((m) => m * MINUTE);

export interface MailWorkerOptions {
  db: Db;
  dialect: DialectName;
  smtpUrl: string;
  from: string;
  /** How often the outbox is polled (default 3 s: DESIGN §4b wants mail out within 10 s). */
  pollMs?: number;
  /** Rows claimed per round (default 20). */
  batchSize?: number;
  /** How long a claim holds a row in SENDING (default 2 min, longer than every SMTP timeout below). */
  leaseMs?: number;
  /** Wait after the 1st, 2nd … failure; one more attempt than entries, then FAILED. */
  backoffMs?: number[];
  /** Names this worker in `claimed_by` (default a random id). */
  id?: string;
  log?: { warn(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

type Row = Pick<
  EmailOutboxTable,
  'hash' | 'to_address' | 'subject' | 'body_text' | 'body_html' | 'attempts' | 'claimed_by'
> & { headers: string | null; attachments: string | null };

/** Due: PENDING whose next attempt has come, or SENDING whose lease is over (its worker died). */
function due(now: string) {
  return (eb: ExpressionBuilder<Database, 'email_outbox'>): Expression<SqlBool> =>
    eb.or([
      eb.and([eb('status', '=', 'PENDING'), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('status', '=', 'SENDING'), eb('locked_until', '<', now)]),
    ]);
}

export class MailWorker {
  readonly id: string;
  private readonly db: Db;
  private readonly dialect: DialectName;
  private readonly from: string;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly backoffMs: number[];
  private readonly log: MailWorkerOptions['log'];
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RunResult> | null = null;
  private again = false;
  private stopped = false;
  private unlisten: (() => void) | undefined;

  constructor(options: MailWorkerOptions) {
    this.db = options.db;
    this.dialect = options.dialect;
    this.from = options.from;
    this.pollMs = options.pollMs ?? 3000;
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 2 * MINUTE;
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.id = options.id ?? `w-${newHash(10)}`;
    this.log = options.log;
    // Settings in SMTP_URL's query string (e.g. ?tls.rejectUnauthorized=false) override these.
    this.transport = createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 45_000,
    } as never);
  }

  /** Polls every `pollMs` (timer unref'd: never keeps the process alive) and runs once now. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.trigger(), this.pollMs);
    this.timer.unref();
    this.unlisten = onMailQueued(() => this.trigger());
    this.trigger();
  }

  /** Runs a round now (or right after the running one). Errors are logged, never thrown. */
  trigger(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.runOnce().catch((error: unknown) => this.log?.warn({ err: error }, 'mail delivery round failed'));
  }

  /** Stops polling, waits for the round in progress, closes the SMTP transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.unlisten?.();
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  /** One delivery round: claims due rows (batch after batch) and sends them. `now` is for tests. */
  runOnce(now?: Date): Promise<RunResult> {
    if (this.running) return this.running;
    const round = this.round(now).finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.trigger();
      }
    });
    this.running = round;
    return round;
  }

  private async round(fixedNow?: Date): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    for (let batch = 0; batch < 50 && !this.stopped; batch++) {
      const rows = await this.claim(fixedNow ?? new Date());
      for (const row of rows) {
        const outcome = await this.deliver(row, fixedNow);
        result[outcome]++;
      }
      if (rows.length < this.batchSize) break;
    }
    return result;
  }

  /** Marks up to `batchSize` due rows SENDING for this claim and returns them. */
  private async claim(at: Date): Promise<Row[]> {
    const now = nowIso(at);
    const claimId = `${this.id}:${newHash(8)}`;
    const lease = {
      status: 'SENDING',
      locked_until: nowIso(new Date(at.getTime() + this.leaseMs)),
      claimed_by: claimId,
      attempts: sql<number>`attempts + 1`,
    };
    const columns = [
      'hash',
      'to_address',
      'subject',
      'body_text',
      'body_html',
      'attempts',
      'claimed_by',
      'headers',
      'attachments',
    ] as const;
    if (this.dialect === 'postgres') {
      return this.db.transaction().execute(async (trx) => {
        const picked = await trx
          .selectFrom('email_outbox')
          .select('hash')
          .where(due(now))
          .orderBy('next_attempt_at')
          .limit(this.batchSize)
          .forUpdate()
          .skipLocked()
          .execute();
        if (picked.length === 0) return [];
        return trx
          .updateTable('email_outbox')
          .set(lease)
          .where(
            'hash',
            'in',
            picked.map((r) => r.hash),
          )
          .returning(columns)
          .execute();
      });
    }
    const candidates = await this.db
      .selectFrom('email_outbox')
      .select('hash')
      .where(due(now))
      .orderBy('next_attempt_at')
      .limit(this.batchSize)
      .execute();
    const claimed: string[] = [];
    for (const { hash } of candidates) {
      // the WHERE repeats "still due": a row another worker claimed in between is left alone
      const res = await this.db
        .updateTable('email_outbox')
        .set(lease)
        .where('hash', '=', hash)
        .where(due(now))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) claimed.push(hash);
    }
    if (claimed.length === 0) return [];
    return this.db
      .selectFrom('email_outbox')
      .select(columns)
      .where('hash', 'in', claimed)
      .where('claimed_by', '=', claimId)
      .execute();
  }

  private async deliver(row: Row, fixedNow?: Date): Promise<keyof RunResult> {
    const claim = (eb: ExpressionBuilder<Database, 'email_outbox'>) =>
      eb.and([eb('hash', '=', row.hash), eb('claimed_by', '=', row.claimed_by), eb('status', '=', 'SENDING')]);
    try {
      const attachments = await makeAttachments(this.db, row.attachments);
      await this.transport.sendMail({
        from: this.from,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        ...(row.body_html ? { html: row.body_html } : {}),
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
        ...(attachments.length ? { attachments } : {}),
        // one Message-ID per outbox row: a copy re-sent after a crash is recognisable as the same message
        messageId: `<${row.hash}@${domainOf(this.from)}>`,
      });
    } catch (error) {
      const err = error as Error & { responseCode?: number; command?: string };
      const message = `${err.responseCode ? `${err.responseCode} ` : ''}${err.message}`.slice(0, 2000);
      const refused =
        typeof err.responseCode === 'number' && err.responseCode >= 500 && /^RCPT/i.test(err.command ?? '');
      const finalFailure = refused || row.attempts > this.backoffMs.length;
      const at = fixedNow ?? new Date();
      const wait = this.backoffMs[Math.min(row.attempts, this.backoffMs.length) - 1] ?? 0;
      await this.db
        .updateTable('email_outbox')
        .set({
          status: finalFailure ? 'FAILED' : 'PENDING',
          error: message,
          next_attempt_at: nowIso(new Date(at.getTime() + wait)),
          locked_until: null,
          claimed_by: null,
        })
        .where(claim)
        .execute();
      this.log?.warn(
        { mail: row.hash, attempts: row.attempts, final: finalFailure, error: message },
        'mail delivery failed',
      );
      return finalFailure ? 'failed' : 'retried';
    }
    await this.db
      .updateTable('email_outbox')
      .set({ status: 'SENT', sent_at: nowIso(fixedNow ?? new Date()), error: null, locked_until: null })
      .where(claim)
      .execute();
    return 'sent';
  }
}

function domainOf(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

/**
 * Starts the worker when the app is ready (only with SMTP_URL) and stops it when the app closes.
 * Returns the worker (null without SMTP_URL) for tests and for `trigger()` after an enqueue.
 */
export function mailWorkerPlugin(app: FastifyInstance): MailWorker | null {
  setMailSiteUrl(app.config.publicUrl);
  if (!app.config.smtpUrl) return null;
  const worker = new MailWorker({
    db: app.db,
    dialect: app.dialect,
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    log: app.log,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
