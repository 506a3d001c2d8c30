/**
 * The sandbox's hosted card page (issue 13 §1): served by this server under /pay/sandbox as a real provider's page would
 * be, outside the app (page routes, no apiKey, no session). It takes the card (inputs with the standard autocomplete
 * names), decides like a processor (test cards), tells our server the outcome in a signed notification
 * (POST /pay/notify/sandbox, through Fastify's own HTTP layer), and sends the browser back to the member's card page.
 * It keeps nothing but the token it makes up, and logs nothing of the card.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../../shared/constants';
import { translate } from '../../../i18n';
import { escapeHtml } from '../../mail/render';
import type { ProviderNotification } from '../provider';
import { findOpenSession } from '../cards/repository';
import { returnPath } from '../returnPath';
import {
  SANDBOX_DECLINING_TOKEN,
  SANDBOX_SIGNATURE_HEADER,
  sameSignature,
  sandboxSign,
  validPageSignature,
} from './provider';

const TEST_CARDS: Record<
  string,
  { brand: string; outcome: 'DONE' | 'FAILED'; declinesLater?: boolean; challenge?: boolean }
> = {
  '4242424242424242': { brand: 'visa', outcome: 'DONE' },
  '5555555555554444': { brand: 'mastercard', outcome: 'DONE' },
  '4000000000000002': { brand: 'visa', outcome: 'FAILED' },
  '4000000000000341': { brand: 'visa', outcome: 'DONE', declinesLater: true },
  '4000002760003184': { brand: 'visa', outcome: 'DONE', challenge: true },
};

type Form = {
  cc_name?: string;
  cc_number?: string;
  cc_exp?: string;
  cc_csc?: string;
  action?: string;
  challenge?: string;
};

/** What a 3-D Secure challenge carries between its two pages: no number, signed so the form cannot be changed. */
type Challenged = { brand: string; last4: string; exp_month: number; exp_year: number };
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

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY in the future, as numbers. */
function expiry(text: string, now = new Date()): { month: number; year: number } | null {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const [month, year] = [Number(match[1]), 2000 + Number(match[2])];
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1)
    ? { month, year }
    : null;
}

function page(reply: FastifyReply, status: number, lng: Locale, body: string) {
  const t = (key: string) => escapeHtml(translate(lng, `payments.sandbox.${key}`));
  const html = `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${t('title')}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#1d2430}main{max-width:420px;margin:8vh auto;padding:28px;background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08)}h1{font-size:20px;margin:0 0 4px}.test{font-size:13px;color:#6b7380;margin:0 0 18px}label{display:block;font-size:14px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;font:inherit;padding:9px 10px;border:1px solid #c8ced8;border-radius:6px}.row{display:flex;gap:12px}.row>div{flex:1}button{font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer;margin-top:18px;width:100%}.cancel{background:none;color:#1d4ed8;margin-top:8px}.notice{background:#fff4d6;color:#5c4300;padding:8px 10px;border-radius:6px;font-size:14px;font-weight:600;margin:8px 0}.error{background:#fdecec;color:#8a1c1c;padding:8px 10px;border-radius:6px;font-size:14px}</style></head>
<body><main><h1>${t('title')}</h1><p class="notice" role="note" data-testid="sandbox-no-payment">${t('noRealPayment')}</p><p class="test">${t('test')}</p>${body}</main></body></html>`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

function form(lng: Locale, error?: string) {
  const t = (key: string) => escapeHtml(translate(lng, `payments.sandbox.${key}`));
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<form method="post">
<label for="cc-name">${t('name')}</label><input id="cc-name" name="cc_name" autocomplete="cc-name" required>
<label for="cc-number">${t('number')}</label><input id="cc-number" name="cc_number" autocomplete="cc-number" inputmode="numeric" required>
<div class="row"><div><label for="cc-exp">${t('expiry')}</label><input id="cc-exp" name="cc_exp" autocomplete="cc-exp" placeholder="MM/YY" required></div>
<div><label for="cc-csc">${t('csc')}</label><input id="cc-csc" name="cc_csc" autocomplete="cc-csc" inputmode="numeric" required></div></div>
<button type="submit" name="action" value="pay">${t('save')}</button><button type="submit" name="action" value="cancel" class="cancel" formnovalidate>${t('cancel')}</button></form>`;
}

/**
 * The bank's 3-D Secure step (test card 4000 0027 6000 3184): the card's brand, last four and expiry travel in a signed
 * field to the second page — stateless, so any instance can take the answer, and without the number.
 */
function challengeForm(app: FastifyInstance, lng: Locale, session: string, card: Challenged) {
  const t = (key: string) => escapeHtml(translate(lng, `payments.sandbox.${key}`));
  const payload = Buffer.from(JSON.stringify(card)).toString('base64url');
  const signed = `${payload}.${sandboxSign(app.config, `challenge\n${session}\n${payload}`)}`;
  return `<p>${t('challenge')}</p><form method="post"><input type="hidden" name="challenge" value="${escapeHtml(signed)}">
<button type="submit" name="action" value="3ds-pass">${t('challengePass')}</button><button type="submit" name="action" value="3ds-fail" class="cancel">${t('challengeFail')}</button></form>`;
}

function readChallenge(app: FastifyInstance, session: string, signed: string | undefined): Challenged | null {
  const [payload, signature] = (signed ?? '').split('.');
  if (!payload || !signature || !sameSignature(sandboxSign(app.config, `challenge\n${session}\n${payload}`), signature))
    return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Challenged;
  } catch {
    return null;
  }
}

const newToken = (declinesLater = false) =>
  `${declinesLater ? SANDBOX_DECLINING_TOKEN : 'sbx_'}${randomBytes(18).toString('base64url')}`;

export async function sandboxPageRoutes(app: FastifyInstance) {
  // the card form arrives urlencoded; parsed here only (this plugin), never logged
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const open = async (session: string, sig: string | undefined) =>
    sig && validPageSignature(app.config, session, sig) ? findOpenSession(app.db, session) : undefined;
  const gone = (reply: FastifyReply) =>
    page(reply, 404, DEFAULT_LOCALE, `<p>${escapeHtml(translate(DEFAULT_LOCALE, 'payments.sandbox.gone'))}</p>`);

  app.get<Session>(
    '/pay/sandbox/:session',
    { config: { page: true }, schema: { hide: true, params, querystring } },
    async (request, reply) => {
      const session = await open(request.params.session, request.query.sig);
      if (!session) return gone(reply);
      return page(reply, 200, session.language as Locale, form(session.language as Locale));
    },
  );

  app.post<Session & { Body: Form }>(
    '/pay/sandbox/:session',
    { config: { page: true }, schema: { hide: true, params, querystring } },
    async (request, reply) => {
      const session = await open(request.params.session, request.query.sig);
      if (!session) return gone(reply);
      const lng = (LOCALES as readonly string[]).includes(session.language)
        ? (session.language as Locale)
        : DEFAULT_LOCALE;
      const body = request.body ?? {};
      let notification: ProviderNotification;
      if (body.action === 'cancel') {
        notification = { session: session.hash, status: 'CANCELLED' };
      } else if (body.action === '3ds-pass' || body.action === '3ds-fail') {
        const card = readChallenge(app, session.hash, body.challenge);
        if (!card) return page(reply, 400, lng, form(lng, translate(lng, 'payments.sandbox.badNumber')));
        notification =
          body.action === '3ds-pass'
            ? { session: session.hash, status: 'DONE', card: { token: newToken(), ...card } }
            : { session: session.hash, status: 'FAILED', result: 'authentication' };
      } else {
        const digits = (body.cc_number ?? '').replace(/[\s-]/g, '');
        const exp = expiry(body.cc_exp ?? '');
        if (!/^\d{13,19}$/.test(digits) || !luhn(digits))
          return page(reply, 400, lng, form(lng, translate(lng, 'payments.sandbox.badNumber')));
        if (!exp) return page(reply, 400, lng, form(lng, translate(lng, 'payments.sandbox.badExpiry')));
        if (!/^\d{3,4}$/.test(body.cc_csc ?? '') || !(body.cc_name ?? '').trim())
          return page(reply, 400, lng, form(lng, translate(lng, 'payments.sandbox.missing')));
        const known = TEST_CARDS[digits];
        if (known?.challenge)
          return page(
            reply,
            200,
            lng,
            challengeForm(app, lng, session.hash, {
              brand: known.brand,
              last4: digits.slice(-4),
              exp_month: exp.month,
              exp_year: exp.year,
            }),
          );
        notification =
          known?.outcome === 'DONE'
            ? {
                session: session.hash,
                status: 'DONE',
                card: {
                  token: newToken(known.declinesLater),
                  brand: known.brand,
                  last4: digits.slice(-4),
                  exp_month: exp.month,
                  exp_year: exp.year,
                },
              }
            : { session: session.hash, status: 'FAILED', result: 'declined' };
      }
      // the provider tells the merchant first (server to server, signed), then sends the browser back
      const payload = JSON.stringify(notification);
      const told = await app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        headers: { 'content-type': 'text/plain', [SANDBOX_SIGNATURE_HEADER]: sandboxSign(app.config, payload) },
        payload,
      });
      if (told.statusCode !== 200) request.log.error({ statusCode: told.statusCode }, 'sandbox notification refused');
      const outcome =
        notification.status === 'DONE' ? 'added' : notification.status === 'CANCELLED' ? 'cancelled' : 'declined';
      return reply
        .code(303)
        .header('location', returnPath(session.purpose, lng, outcome))
        .send();
    },
  );
}
