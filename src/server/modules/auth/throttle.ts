/**
 * Sign-in throttling (DESIGN §7, issue 7 §3). An attempt is counted *before* its password is judged,
 * with one atomic statement per counter, so a burst of concurrent guesses cannot all be judged:
 * - per client address (`loginMaxFailuresPerIp`, 20): one address spraying many accounts;
 * - per account *and* address (`loginMaxFailures`, 5): guessing one account — keyed with the address so
 *   a stranger elsewhere exhausting it cannot lock the member out of their own account.
 * The address is `request.ip`, which believes X-Forwarded-For only from TRUST_PROXY's proxies.
 * A right password takes its attempt back and clears the account's counter; a wrong one is answered
 * after a short progressive delay. Like every limit (DESIGN §7), both are multiplied by RATE_LIMIT_SCALE
 * and the delay divided by it, so test suites run with generous limits except the tests that prove them.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { sha256 } from '../../lib/ids';
import { clear, hit, release, type Count } from './counters';
import type { AccountKind } from './repository';

const MINUTE = 60_000;
const DELAY_BASE_MS = 250;
const DELAY_CAP_MS = 2000;

export interface SignInAttempt {
  /** The right password: the attempt was not a failure. */
  succeeded(): Promise<void>;
  /** A wrong password: stays counted; waits a little longer the more failures this account+address has. */
  failed(): Promise<void>;
}

/** 0 for the first failure, then 250 ms, 500 ms, 1 s, 2 s (cap), divided by RATE_LIMIT_SCALE. */
export function failureDelayMs(failures: number, scale: number): number {
  if (failures < 2) return 0;
  return Math.min(DELAY_CAP_MS, DELAY_BASE_MS * 2 ** (failures - 2)) / scale;
}

function tooMany(count: Count, windowMs: number): AppError {
  // Measured now, not from the request's start, and never past the window: a concurrent request may have
  // opened the window a moment after this one began, which would otherwise read as "16 minutes".
  const ms = Math.min(windowMs, Math.max(1000, count.resetAt - Date.now()));
  const minutes = Math.ceil(ms / MINUTE);
  // `count` picks the message's plural form ("1 minute" / "15 minutes")
  return AppError.tooMany('auth.tooManyAttempts', { count: minutes, minutes, retryAfter: Math.ceil(ms / 1000) });
}

/** Counts the attempt or throws 429 (with `retryAfter` seconds in the error's params). */
export async function admitSignIn(
  db: Db,
  config: Config,
  kind: AccountKind,
  email: string,
  ip: string,
): Promise<SignInAttempt> {
  const windowMs = config.loginWindowMinutes * MINUTE;
  const ipKey = `signin:ip:${ip}`;
  // hashed: the table keeps no e-mail addresses
  const accountKey = `signin:account:${sha256(`${kind}\n${email}\n${ip}`)}`;
  const now = Date.now();

  const byIp = await hit(db, ipKey, windowMs, now);
  if (byIp.count > config.loginMaxFailuresPerIp * config.rateLimitScale) throw tooMany(byIp, windowMs);
  const byAccount = await hit(db, accountKey, windowMs, now);
  if (byAccount.count > config.loginMaxFailures * config.rateLimitScale) {
    await release(db, ipKey); // not judged: not a failure of this address
    throw tooMany(byAccount, windowMs);
  }
  return {
    succeeded: () =>
      db.transaction().execute(async (trx) => {
        await clear(trx, accountKey);
        await release(trx, ipKey);
      }),
    failed: async () => {
      await sleep(failureDelayMs(byAccount.count, config.rateLimitScale));
    },
  };
}
