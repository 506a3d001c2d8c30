/**
 * The one-click unsubscribe (RFC 8058) of the job alerts and the newsletter (mail/unsubscribe.ts), outside the API: a
 * mail client POSTs to the List-Unsubscribe URL with no apiKey and no session, so these are page routes. GET shows a
 * small page in the member's language with one button (link scanners open links with GET, so GET changes nothing);
 * POST turns that list off and answers the same page saying it is done and how to turn it on again. A token we did
 * not sign for that list answers 404. Standalone HTML with inline styles: a page this small does not load the app.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from './render';
import { translate } from '../../i18n';
import { localizePath } from '../../../shared/routes';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/constants';
import { nowIso } from '../../lib/ids';
import { findUser } from '../auth/repository';
import { MAIL_LISTS, memberOfToken, turnOff, type MailList } from './unsubscribe';

type Token = { Params: { list: MailList; token: string } };
const params = {
  type: 'object',
  required: ['list', 'token'],
  additionalProperties: false,
  properties: {
    list: { type: 'string', enum: Object.keys(MAIL_LISTS) },
    token: { type: 'string', minLength: 10, maxLength: 120 },
  },
} as const;
/** Each list's page texts (errors.json): jobAlerts.page.* and newsletter.page.*. */
const TEXTS: Record<MailList, string> = {
  jobs: 'jobAlerts.page',
  news: 'newsletter.page',
  messages: 'messagesMail.page',
};

function page(
  reply: FastifyReply,
  status: number,
  lng: Locale,
  body: { title: string; text: string; button?: string; link?: { href: string; label: string } },
) {
  const button = body.button
    ? `<form method="post"><button type="submit">${escapeHtml(body.button)}</button></form>`
    : '';
  const link = body.link ? `<p><a href="${escapeHtml(body.link.href)}">${escapeHtml(body.link.label)}</a></p>` : '';
  const html = `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(body.title)} · Alumni</title>
<style>body{margin:0;font:16px/1.6 system-ui,sans-serif;background:#f5f6f7;color:#2b313a}main{max-width:520px;margin:12vh auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}h1{font-size:24px;margin:0 0 12px}button{font:inherit;font-weight:600;padding:10px 22px;border:0;border-radius:6px;background:#2f3640;color:#fff;cursor:pointer}a{color:#1f5f8b}</style></head>
<body><main><h1>${escapeHtml(body.title)}</h1><p>${escapeHtml(body.text)}</p>${button}${link}</main></body></html>`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

export async function unsubscribeRoutes(app: FastifyInstance) {
  // RFC 8058: the client POSTs "List-Unsubscribe=One-Click" as a form (urlencoded or multipart); the token in the URL is
  // what counts, so the body is read and ignored (these parsers live in this plugin only)
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 2048 }, (_request, _body, done) =>
      done(null, undefined),
    );
  }
  const notFound = (reply: FastifyReply, list: MailList) =>
    page(reply, 404, DEFAULT_LOCALE, {
      title: translate(DEFAULT_LOCALE, `${TEXTS[list]}.badTitle`),
      text: translate(DEFAULT_LOCALE, `${TEXTS[list]}.badText`),
    });
  const memberOf = async (list: MailList, token: string) => {
    const hash = memberOfToken(app.config.secretKey, list, token);
    return hash ? findUser(app.db, hash) : undefined;
  };
  app.get<Token>(
    '/mail/unsubscribe/:list/:token',
    { config: { page: true }, schema: { hide: true, params } },
    async (request, reply) => {
      const { list } = request.params;
      const user = await memberOf(list, request.params.token);
      if (!user) return notFound(reply, list);
      const lng = user.language as Locale;
      const t = (key: string) => translate(lng, `${TEXTS[list]}.${key}`);
      if (user[MAIL_LISTS[list].column] !== 1)
        return page(reply, 200, lng, {
          title: t('doneTitle'),
          text: t('alreadyText'),
          link: settingsLink(app, lng, t('settings')),
        });
      return page(reply, 200, lng, { title: t('askTitle'), text: t('askText'), button: t('button') });
    },
  );
  app.post<Token>(
    '/mail/unsubscribe/:list/:token',
    { config: { page: true }, schema: { hide: true, params } },
    async (request, reply) => {
      const { list } = request.params;
      const user = await memberOf(list, request.params.token);
      if (!user) return notFound(reply, list);
      await turnOff(app.db, list, user.hash, nowIso());
      const lng = user.language as Locale;
      const t = (key: string) => translate(lng, `${TEXTS[list]}.${key}`);
      return page(reply, 200, lng, {
        title: t('doneTitle'),
        text: t('doneText'),
        link: settingsLink(app, lng, t('settings')),
      });
    },
  );
}

function settingsLink(app: FastifyInstance, lng: Locale, label: string) {
  return { href: `${app.config.publicUrl}${localizePath('user.profile.settings', lng)}`, label };
}
