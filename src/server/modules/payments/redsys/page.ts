/**
 * The way to Redsys's card page (issue 13; PAYMENT_PROVIDER=redsys): GET /pay/redsys/{session}?sig=… (page route, no
 * apiKey, no session) answers a tiny page holding the signed form (Ds_SignatureVersion, Ds_MerchantParameters,
 * Ds_Signature) that posts to `${REDSYS_URL}/sis/realizarPago`. One inline script submits it at once (allowed by its
 * hash only); without JavaScript the member presses its button. A session we did not sign, or a closed or expired one,
 * answers 404. Redsys sends the browser back to the member's card page in their language (URLOK / URLKO).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../../shared/constants';
import { returnPath, type CardOutcome } from '../returnPath';
import { translate } from '../../../i18n';
import { escapeHtml } from '../../mail/render';
import { findOpenSession } from '../cards/repository';
import { redsysCardForm, validRedsysPageSignature } from './provider';

type Session = { Params: { session: string }; Querystring: { sig?: string } };
const params = {
  type: 'object',
  required: ['session'],
  additionalProperties: false,
  properties: { session: { type: 'string', pattern: '^[a-z0-9]{16}$' } },
} as const;
const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: { sig: { type: 'string', maxLength: 64 } },
} as const;

const SUBMIT = 'document.getElementById("redsys").submit();';
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT).digest('base64')}'`;

function page(reply: FastifyReply, status: number, lng: Locale, body: string, formAction?: string) {
  const t = (key: string) => escapeHtml(translate(lng, `payments.redsys.${key}`));
  const html = `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${t('title')}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#1d2430}main{max-width:420px;margin:8vh auto;padding:28px;background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08)}h1{font-size:20px;margin:0 0 12px}button{font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer;margin-top:18px;width:100%}</style></head>
<body><main><h1>${t('title')}</h1>${body}</main>${formAction ? `<script>${SUBMIT}</script>` : ''}</body></html>`;
  // this page's own policy: its one script by hash, and its form may go to Redsys only
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src ${SUBMIT_HASH}; form-action ${formAction ?? "'none'"}; frame-ancestors 'none'; base-uri 'none'`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', csp)
    .send(html);
}

export async function redsysPageRoutes(app: FastifyInstance) {
  const gone = (reply: FastifyReply) =>
    page(reply, 404, DEFAULT_LOCALE, `<p>${escapeHtml(translate(DEFAULT_LOCALE, 'payments.redsys.gone'))}</p>`);

  app.get<Session>(
    '/pay/redsys/:session',
    { config: { page: true }, schema: { hide: true, params, querystring } },
    async (request, reply) => {
      const { session: hash } = request.params;
      const { sig } = request.query;
      if (app.config.paymentProvider !== 'redsys' || !sig || !validRedsysPageSignature(app.config, hash, sig))
        return gone(reply);
      const session = await findOpenSession(app.db, hash);
      if (!session || session.provider !== 'redsys' || session.purpose !== 'card') return gone(reply);
      const lng = (LOCALES as readonly string[]).includes(session.language)
        ? (session.language as Locale)
        : DEFAULT_LOCALE;
      const back = (outcome: CardOutcome) => `${app.config.publicUrl}${returnPath(session.purpose, lng, outcome)}`;
      const form = redsysCardForm(
        app.config,
        { hash: session.hash, language: lng },
        { ok: back('added'), ko: back('declined') },
      );
      const t = (key: string) => escapeHtml(translate(lng, `payments.redsys.${key}`));
      const fields = Object.entries(form.body)
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`)
        .join('');
      return page(
        reply,
        200,
        lng,
        `<p>${t('text')}</p><form id="redsys" method="post" action="${escapeHtml(form.url)}">${fields}<button type="submit">${t('continue')}</button></form>`,
        new URL(form.url).origin,
      );
    },
  );
}
