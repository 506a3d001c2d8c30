/**
 * The e-mail outbox (issue 8 §1, DESIGN §4b "E-mail"). A feature that causes a message calls
 * `enqueueMail(trx, …)` on the connection or transaction of the change itself: the message exists only if
 * that change commits. Subject, HTML and text are rendered here, at enqueue time, so a later template
 * change never alters a queued message. Delivery is worker.ts's job (SMTP_URL); without it rows stay PENDING
 * and `npm run mail:outbox` reads them.
 */
import type { Conn } from '../../db/conn';
import { readSiteSettings } from '../init/repository';
import { newHash, nowIso } from '../../lib/ids';
import { renderMail, type MailLanguage, type MailTemplate } from './render';

export type { MailTemplate, MailLanguage } from './render';
export { MAIL_TEMPLATES, MAIL_LANGUAGES, MailDataError } from './render';

export type MailStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

export interface MailRequest {
  to: string;
  language: 'es' | 'en' | 'ca';
  template: MailTemplate;
  /**
   * confirmEmail {name, link} · received {name} · validated {name, link} · rejected {name, reason} ·
   * disabled {name, reason?} · recovery {name, link} · passwordChanged {name} · emailChange {name, link} · deleted {name}.
   * Links are absolute (config.publicUrl + the page's path in the recipient's language). Without a name the
   * greeting has none. Missing required data or a relative link throws here, in the caller's transaction.
   */
  data: Record<string, unknown>;
  /** Extra headers of this message (the alerts' List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Files made when the message is sent (issue 13: a payment's receipt as PDF). */
  attachments?: MailAttachment[];
}

export type MailAttachment = { receipt: string };

/** The site's public URL for the links in the footer; the worker's app sets it (links in `data` are the caller's). */
let siteUrl = 'http://localhost:3000';
export function setMailSiteUrl(url: string): void {
  siteUrl = url.replace(/\/$/, '');
}

/**
 * Workers of this process listening for new mail: told shortly after an enqueue so a message goes out at once
 * rather than at the next poll. The caller's transaction may not have committed yet when they look; then the
 * next poll (a few seconds) finds it — a hint, never the only way a message is found.
 */
const queuedListeners = new Set<() => void>();
export function onMailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}
const NOTIFY_AFTER_MS = 200;

export async function enqueueMail(db: Conn, mail: MailRequest): Promise<void> {
  await enqueueMails(db, [mail]);
}

/** Many messages in multi-row INSERTs (the members import's invitations): the site settings read once. */
export async function enqueueMails(db: Conn, mails: MailRequest[]): Promise<void> {
  if (!mails.length) return;
  const settings = await readSiteSettings(db);
  const rows = mails.map((mail) => {
    const to = mail.to.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(to))
      throw new Error(`enqueueMail: not an e-mail address: ${JSON.stringify(mail.to)}`);
    const linkOrigin = typeof mail.data['link'] === 'string' ? originOf(mail.data['link']) : null;
    const rendered = renderMail(mail.template, mail.language as MailLanguage, mail.data, {
      siteUrl: linkOrigin ?? siteUrl,
      address: settings.address,
      email: settings.email,
      phone: settings.phone,
    });
    const now = nowIso();
    return {
      hash: newHash(),
      to_address: to,
      template: mail.template,
      language: mail.language,
      subject: rendered.subject,
      body_text: rendered.text,
      body_html: rendered.html,
      status: 'PENDING',
      attempts: 0,
      error: null,
      created_at: now,
      sent_at: null,
      next_attempt_at: now,
      locked_until: null,
      claimed_by: null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
    };
  });
  // 17 columns a row: 500 rows stay far under SQLite's 32,766 and PostgreSQL's 65,535 parameters
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('email_outbox')
      .values(rows.slice(i, i + 500))
      .execute();
  if (queuedListeners.size > 0)
    setTimeout(() => queuedListeners.forEach((listener) => listener()), NOTIFY_AFTER_MS).unref();
}

function originOf(link: string): string | null {
  try {
    return new URL(link).origin;
  } catch {
    return null;
  }
}
