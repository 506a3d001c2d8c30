/**
 * Renders one message (subject, HTML and plain text) from templates/<template>.eta in the recipient's
 * language. Each message template is written once and rendered twice: its helpers (`p`, `button`, `quote`,
 * `small`) produce HTML for the HTML part and plain lines for the text part, and the result is wrapped in
 * templates/layout.html.eta or layout.text.eta. Wording lives in locales/<lng>/emails.json.
 */
import { Eta } from 'eta';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import es from '../../../../locales/es/emails.json' with { type: 'json' };
import en from '../../../../locales/en/emails.json' with { type: 'json' };
import ca from '../../../../locales/ca/emails.json' with { type: 'json' };
import { COLORS } from '../../../shared/colors';

export const MAIL_LANGUAGES = ['es', 'en', 'ca'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export const MAIL_TEMPLATES = [
  'account.confirmEmail',
  'account.received',
  'account.validated',
  'account.rejected',
  'account.disabled',
  'account.recovery',
  'account.passwordChanged',
  'account.emailChange',
  'account.deleted',
  'job.published',
  'job.rejected',
  'job.closed',
  'job.outcome.hired',
  'job.outcome.notSelected',
  'job.expiring',
  'application.status',
  'company.validated',
  'job.alert',
  'workgroup.published',
  'workgroup.rejected',
  'workgroup.requested',
  'workgroup.accepted',
  'workgroup.declined',
  'workgroup.postRemoved',
  'workgroup.reply',
  'workgroup.digest',
  'workgroup.reported',
  'newsletter.monthly',
  'admin.invite',
  'membership.receipt',
  'membership.paymentFailed',
  'membership.ended',
  'membership.cancelled',
  'account.invitation',
  'message.unread',
  'message.warning',
  'message.digest',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** What each template needs (checked at enqueue time, so a caller's mistake fails its own request, not the worker). */
/** `name` is optional everywhere (without it the greeting has no name); `reason` is optional for `disabled`. */
const REQUIRED: Record<MailTemplate, { text: string[]; link?: true }> = {
  'account.confirmEmail': { text: [], link: true },
  'account.received': { text: [] },
  'account.validated': { text: [], link: true },
  'account.rejected': { text: ['reason'] },
  'account.disabled': { text: [] },
  'account.recovery': { text: [], link: true },
  'account.passwordChanged': { text: [] },
  'account.emailChange': { text: [], link: true },
  'account.deleted': { text: [] },
  'job.published': { text: ['title'], link: true },
  'job.rejected': { text: ['title', 'reason'], link: true },
  'job.closed': { text: ['title', 'company'], link: true },
  'job.outcome.hired': { text: ['title', 'company'], link: true },
  'job.outcome.notSelected': { text: ['title', 'company'], link: true },
  'job.expiring': { text: ['title', 'date'], link: true },
  'application.status': { text: ['title', 'company', 'status'], link: true },
  'company.validated': { text: [], link: true },
  // data.offers: [{ title, company, place, link }] (at least one), data.unsubscribe: the one-click page
  'job.alert': { text: ['unsubscribe'], link: true },
  'workgroup.published': { text: ['title'], link: true },
  'workgroup.rejected': { text: ['title', 'reason'], link: true },
  // data.message: the request's optional message
  'workgroup.requested': { text: ['title', 'member'], link: true },
  'workgroup.accepted': { text: ['title'], link: true },
  'workgroup.declined': { text: ['title'], link: true },
  // data.excerpt: the start of the removed post
  'workgroup.postRemoved': { text: ['title', 'reason'], link: true },
  // data.excerpt: the start of the reply
  'workgroup.reply': { text: ['title', 'member'], link: true },
  // data.from: who wrote; link: the conversation; unsubscribe: the one-click stop of these e-mails
  'message.unread': { text: ['from', 'unsubscribe'], link: true },
  // data.excerpt: the start of the reported message (moderation queue's warning, messages/moderationService.ts)
  'message.warning': { text: ['excerpt'] },
  // data.conversations: [{ from, count, link }] (at least one); link: the inbox; unsubscribe: the one-click stop
  'message.digest': { text: ['unsubscribe'], link: true },
  // data.posts: [{ group, excerpt, link }] (at least one); link: the member's groups
  'workgroup.digest': { text: [], link: true },
  // data.excerpt: the start of the reported post; link: the group's page for its administrator
  'workgroup.reported': { text: ['title', 'reason'], link: true },
  // data.articles: [{ title, summary, link }] (at least one), data.unsubscribe: the one-click page; the subject names the month
  'newsletter.monthly': { text: ['month', 'unsubscribe'], link: true },
  // data.member: who invited them
  'admin.invite': { text: ['member'], link: true },
  // attachments: the receipt's PDF; link: the member's membership page
  'membership.receipt': { text: ['amount', 'number', 'until'], link: true },
  // reasonKey: one of membership.reason.*; date: the next attempt
  'membership.paymentFailed': { text: ['amount', 'date', 'reasonKey'], link: true },
  // why: failed | cancelled
  'membership.ended': { text: ['why'], link: true },
  'membership.cancelled': { text: ['date'], link: true },
  // number: the member number kept from the association's old list (issue 28 §3)
  'account.invitation': { text: ['number'], link: true },
};

/** The accent of the web theme (the orange of the loading bar) and its dark primary (the button text: white on this orange fails WCAG AA). */
export const MAIL_COLORS = { primary: COLORS.primary, accent: COLORS.progress } as const;

const STRINGS: Record<MailLanguage, Record<string, string>> = { es, en, ca };

const eta = new Eta({
  views: join(dirname(fileURLToPath(import.meta.url)), 'templates'),
  autoEscape: true,
  autoTrim: false,
  cache: true,
});

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailSite {
  /** Absolute base URL of the site (config.publicUrl). */
  siteUrl: string;
  /** The association's postal address (site settings), if known. */
  address?: string;
  /** The association's public e-mail / phone (site settings), if known. */
  email?: string;
  phone?: string;
}

export class MailDataError extends Error {}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function translator(language: MailLanguage) {
  const strings = STRINGS[language];
  return (key: string, vars: Record<string, unknown> = {}): string => {
    const template = strings[key] ?? STRINGS.es[key];
    if (template === undefined) throw new MailDataError(`missing e-mail string ${key} (${language})`);
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(vars[name] ?? ''));
  };
}

const P = 'margin:0 0 16px 0;font-size:15px;line-height:1.6;';

const htmlHelpers = {
  p: (text: string) => `<p style="${P}">${escapeHtml(text)}</p>\n`,
  small: (text: string) =>
    `<p style="margin:0 0 16px 0;font-size:13px;line-height:1.5;color:#545d68;">${escapeHtml(text)}</p>\n`,
  quote: (text: string) =>
    `<p style="${P}padding:12px 16px;background:#f5f6f7;border-left:4px solid ${MAIL_COLORS.accent};white-space:pre-line;">${escapeHtml(text)}</p>\n`,
  /** One line of a list: a linked title and a detail under it. */
  item: (title: string, detail: string, link: string) =>
    `<p style="${P}"><a href="${escapeHtml(link)}" style="color:#1f5f8b;font-weight:600;">${escapeHtml(title)}</a><br><span style="color:#545d68;">${escapeHtml(detail)}</span></p>\n`,
  textLink: (label: string, link: string) =>
    `<p style="margin:0 0 16px 0;font-size:13px;line-height:1.5;color:#545d68;"><a href="${escapeHtml(link)}" style="color:#1f5f8b;">${escapeHtml(label)}</a></p>\n`,
  button: (label: string, link: string) =>
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px 0;"><tr>` +
    `<td style="border-radius:6px;background:${MAIL_COLORS.accent};">` +
    `<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;color:${MAIL_COLORS.primary};text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>` +
    `</td></tr></table>\n` +
    `<p style="margin:0 0 16px 0;font-size:12px;line-height:1.5;color:#545d68;">__LINK_FALLBACK__<br><a href="${escapeHtml(link)}" style="color:#1f5f8b;word-break:break-all;">${escapeHtml(link)}</a></p>\n`,
};

const textHelpers = {
  p: (text: string) => `${text}\n\n`,
  small: (text: string) => `${text}\n\n`,
  quote: (text: string) => `  ${text.replace(/\n/g, '\n  ')}\n\n`,
  button: (label: string, link: string) => `${label}:\n${link}\n\n`,
  item: (title: string, detail: string, link: string) => `${title}\n${detail}\n${link}\n\n`,
  textLink: (label: string, link: string) => `${label}: ${link}\n\n`,
};

function checkData(template: MailTemplate, data: Record<string, unknown>): void {
  const need = REQUIRED[template];
  if (!need) throw new MailDataError(`unknown e-mail template ${String(template)}`);
  for (const key of need.text) {
    if (typeof data[key] !== 'string' || (data[key] as string).trim() === '')
      throw new MailDataError(`e-mail ${template} needs data.${key}`);
  }
  for (const key of ['name', 'reason']) {
    if (data[key] !== undefined && data[key] !== null && typeof data[key] !== 'string')
      throw new MailDataError(`e-mail ${template}: data.${key} must be a string`);
  }
  if (need.link) {
    const link = data['link'];
    if (typeof link !== 'string' || !/^https?:\/\/[^\s]+$/.test(link)) {
      throw new MailDataError(
        `e-mail ${template} needs data.link as an absolute http(s) URL (config.publicUrl + path)`,
      );
    }
  }
}

/** Plain text: no trailing spaces (but the "-- " signature separator), blank lines collapsed, no empty footer lines. */
const tidy = (text: string) =>
  text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n--\n/g, '\n-- \n')
    .trim() + '\n';

export function renderMail(
  template: MailTemplate,
  language: MailLanguage,
  data: Record<string, unknown>,
  site: MailSite,
): RenderedMail {
  if (!MAIL_LANGUAGES.includes(language)) throw new MailDataError(`unknown e-mail language ${String(language)}`);
  checkData(template, data);
  const t = translator(language);
  const subject = t(`${template}.subject`, data);
  const contact = [site.email, site.phone].filter(Boolean).join(' · ');
  const common = {
    lang: language,
    subject,
    brand: t('brand'),
    tagline: t('tagline'),
    address: site.address ?? '',
    contact,
    siteUrl: site.siteUrl,
    automatic: t('automatic'),
    colors: MAIL_COLORS,
  };
  const name = typeof data['name'] === 'string' ? data['name'].trim() : '';
  const greeting = name ? t('greeting', { name }) : t('greetingNoName');
  const htmlBody = eta
    .render(`./${template}.eta`, { ...data, greeting, t, ...htmlHelpers })
    .split('__LINK_FALLBACK__')
    .join(escapeHtml(t('linkFallback')));
  const html = eta.render('./layout.html.eta', {
    ...common,
    body: htmlBody,
    signature: escapeHtml(t('signature')).replace(/\n/g, '<br>'),
  });
  const textBody = eta.render(`./${template}.eta`, { ...data, greeting, t, ...textHelpers });
  const text = eta.render('./layout.text.eta', {
    ...common,
    body: tidy(textBody).trimEnd(),
    signature: t('signature'),
  });
  return { subject, html, text: tidy(text) };
}
