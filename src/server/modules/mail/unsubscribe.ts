/**
 * One-click unsubscribe (RFC 8058) for the e-mails a member receives by a switch of their settings: the job alerts
 * (`is_receive_jobs`) and the monthly newsletter (`is_newsletter`). Each message carries a link signed for its member
 * and list (an HMAC, no expiry: an old e-mail's link keeps working) in its List-Unsubscribe header and its footer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Conn } from '../../db/conn';

export const MAIL_LISTS = {
  jobs: { purpose: 'job-alerts', column: 'is_receive_jobs' },
  news: { purpose: 'newsletter', column: 'is_newsletter' },
  messages: { purpose: 'messages', column: 'notify_messages' },
} as const;
export type MailList = keyof typeof MAIL_LISTS;

/** The unsubscribe token of a member for a list: their hash and an HMAC of it. */
export function unsubscribeToken(secretKey: string, list: MailList, userHash: string): string {
  return `${userHash}.${createHmac('sha256', secretKey).update(`${MAIL_LISTS[list].purpose}\n${userHash}`).digest('base64url')}`;
}

/** The member a token names for that list, or null when we did not sign it. */
export function memberOfToken(secretKey: string, list: MailList, token: string): string | null {
  const [hash, signature] = token.split('.');
  if (!hash || !signature || !/^[a-z0-9]{1,32}$/.test(hash)) return null;
  const expected = Buffer.from(unsubscribeToken(secretKey, list, hash).split('.')[1]!);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? hash : null;
}

/** The link and the headers a message of `list` carries for `userHash`. */
export function unsubscribeFor(config: Config, list: MailList, userHash: string) {
  const url = `${config.publicUrl}/mail/unsubscribe/${list}/${unsubscribeToken(config.secretKey, list, userHash)}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** Turns the member's switch for `list` off; answers whether it was on. */
export async function turnOff(db: Conn, list: MailList, userHash: string, at: string): Promise<boolean> {
  const column = MAIL_LISTS[list].column;
  const result = await db
    .updateTable('users')
    .set({ [column]: 0, updated_at: at })
    .where('hash', '=', userHash)
    .where(column, '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
