/**
 * The Redsys provider (issue 13; PAYMENT_PROVIDER=redsys): Redsys's virtual POS through redsys-easy, HMAC_SHA256_V1.
 *
 * - Adding a card: our own page (redsys/page.ts, signed address like the sandbox's) posts the signed redirect form to
 *   `${REDSYS_URL}/sis/realizarPago`. The operation is a card verification — TransactionType 7, "validación de tarjeta"
 *   (redsys-easy: PRE_AUTHENTICATION), amount 0 — that authenticates the holder (3-D Secure) and charges nothing; it is
 *   never confirmed (type 8). It asks Redsys for a reference (DS_MERCHANT_IDENTIFIER=REQUIRED) as the first of a series
 *   of stored-card charges (DS_MERCHANT_COF_INI=S, DS_MERCHANT_COF_TYPE=R). An authorisation (type 0) of amount 0 is
 *   refused by Redsys, and a real amount would charge the member just for saving a card.
 * - Its order number (Ds_Merchant_Order: 4 digits and 8 letters or digits) is derived from our session's hash, which
 *   travels in Ds_MerchantData; the signed notification must carry both, and the order must be the one the session
 *   derives (nothing to store, nothing to look up before the signature is checked).
 * - Stored-card charges: REST trataPeticion, merchant-initiated (DS_MERCHANT_EXCEP_SCA=MIT, COF_INI=N, COF_TYPE=R,
 *   DIRECTPAYMENT=true), order derived from our payment's id, so a retried call is refused by Redsys as a repeated order
 *   (SIS0051 → `duplicate`) instead of charging twice. Refunds: type 3 on the charge's order.
 * - Every Ds_Response / SIS code we tell apart maps to one reason key (REASONS), the `payments.declined.*` messages.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  createRedsysAPI,
  GatewayError,
  LANGUAGES,
  REV_CARDBRANDS,
  type CardBrandNum,
  type Language,
  type RestTrataPeticionInputParams,
  type RestTrataPeticionOutputParams,
} from 'redsys-easy';
import type { Config, RedsysConfig } from '../../../config';
import type { CardResult, PaymentProvider, ProviderNotification } from '../provider';

/** Euro (ISO 4217). */
const EUR = '978';
/** How long a REST call may take before we give up (and throw: the outcome is then unknown). */
const REST_TIMEOUT_MS = 30_000;

export const REDSYS_PATHS = {
  redirect: '/sis/realizarPago',
  rest: '/sis/rest/trataPeticionREST',
  iniciaPeticion: '/sis/rest/iniciaPeticionREST',
} as const;

/**
 * Redsys's answers as the reasons our members read (`payments.declined.<key>`). Ds_Response 0000–0099 is an
 * authorisation, 0900 a refund done; anything not listed is `declined` (01xx, 02xx) or `gateway` (9xxx, SISxxxx).
 */
export const REASONS: Record<string, string> = {
  '101': 'expired', // tarjeta caducada
  '191': 'expired', // fecha de caducidad errónea
  '116': 'insufficientFunds', // disponible insuficiente
  '104': 'notAllowed', // operación no permitida para esa tarjeta o terminal
  '9104': 'notAllowed', // comercio con "titular seguro" y titular sin clave de compra segura
  '118': 'unknownCard', // tarjeta no registrada
  '129': 'declined', // código de seguridad (CVV2/CVC2) incorrecto
  '172': 'declined', // denegada, no repetir
  '173': 'declined', // denegada, no repetir sin actualizar los datos de la tarjeta
  '174': 'declined', // denegada, no repetir antes de 72 horas
  '180': 'declined', // tarjeta ajena al servicio
  '190': 'declined', // denegación del emisor sin especificar motivo
  '184': 'authentication', // error en la autenticación del titular
  '195': 'authentication', // requiere autenticación SCA
  '9915': 'cancelled', // el titular canceló el pago
  '913': 'duplicate', // pedido repetido
  '912': 'issuerUnavailable', // emisor no disponible
  '9912': 'issuerUnavailable',
  SIS0051: 'duplicate', // número de pedido repetido
};

/** The reason key of a Ds_Response (a number) or a SIS error code. */
export function redsysReason(code: string | number | undefined): string {
  const text = String(code ?? '').trim();
  if (/^SIS\d{4}$/i.test(text)) return REASONS[text.toUpperCase()] ?? 'gateway';
  if (!/^\d{1,4}$/.test(text)) return 'gateway';
  const n = Number(text);
  return REASONS[String(n)] ?? (n >= 100 && n < 300 ? 'declined' : 'gateway');
}

const settingsOf = (config: Config): RedsysConfig => {
  if (!config.redsys) throw new Error('PAYMENT_PROVIDER=redsys needs REDSYS_MERCHANT_CODE and REDSYS_SECRET_KEY');
  return config.redsys;
};

export function redsysApi(settings: RedsysConfig) {
  const at = (path: string) => `${settings.url}${path}`;
  const timed = ((input: string, init?: object) =>
    fetch(input, { ...init, signal: AbortSignal.timeout(REST_TIMEOUT_MS) })) as never;
  return createRedsysAPI({
    secretKey: settings.secretKey,
    fetch: timed,
    urls: {
      redirect: at(REDSYS_PATHS.redirect),
      restTrataPeticion: at(REDSYS_PATHS.rest),
      restIniciaPeticion: at(REDSYS_PATHS.iniciaPeticion),
    },
  });
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Redsys's order number for one of our ids: 4 digits, then 8 letters or digits, the same every time for the same id. */
export function redsysOrder(kind: 'card' | 'charge', id: string): string {
  const digest = createHash('sha256').update(`redsys:${kind}:${id}`).digest();
  const digits = String(digest.readUInt32BE(0) % 10_000).padStart(4, '0');
  let rest = '';
  for (let i = 4; i < 12; i++) rest += ALPHANUMERIC[digest[i]! % 36];
  return digits + rest;
}

const pageKey = (config: Config) => createHmac('sha256', config.secretKey).update('payments:redsys').digest();

/** Our page's address carries its own signature, so nobody opens a page for a session we did not start. */
export function redsysPageSignature(config: Config, session: string): string {
  return createHmac('sha256', pageKey(config)).update(`page\n${session}`).digest('base64url');
}

export function validRedsysPageSignature(config: Config, session: string, signature: string): boolean {
  const [x, y] = [Buffer.from(redsysPageSignature(config, session)), Buffer.from(signature)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The signed form our page posts to Redsys for a session: a card verification that stores the card. */
export function redsysCardForm(
  config: Config,
  session: { hash: string; language: string },
  urls: { ok: string; ko: string },
) {
  const settings = settingsOf(config);
  return redsysApi(settings).createRedirectForm({
    DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
    DS_MERCHANT_TERMINAL: settings.terminal,
    DS_MERCHANT_ORDER: redsysOrder('card', session.hash),
    DS_MERCHANT_TRANSACTIONTYPE: '7', // validación de tarjeta: no charge (see the top of this file)
    DS_MERCHANT_AMOUNT: '0',
    DS_MERCHANT_CURRENCY: EUR,
    DS_MERCHANT_IDENTIFIER: 'REQUIRED',
    DS_MERCHANT_COF_INI: 'S',
    DS_MERCHANT_COF_TYPE: 'R',
    DS_MERCHANT_MERCHANTDATA: session.hash,
    DS_MERCHANT_MERCHANTURL: `${config.publicUrl}/pay/notify/redsys`,
    DS_MERCHANT_URLOK: urls.ok,
    DS_MERCHANT_URLKO: urls.ko,
    DS_MERCHANT_CONSUMERLANGUAGE: LANGUAGES[session.language as Language] ?? LANGUAGES.es,
  });
}

const BRANDS: Partial<Record<string, string>> = {
  VISA: 'visa',
  MASTERCARD: 'mastercard',
  AMEX: 'amex',
  DINERS: 'diners',
  JCB: 'jcb',
  UPI: 'unionpay',
};

/** What we keep of the card Redsys verified: its reference, brand, last four digits and expiry (YYMM). */
function cardOf(params: Partial<RestTrataPeticionOutputParams>): CardResult | null {
  const token = params.Ds_Merchant_Identifier;
  const masked = params.Ds_Card_Number ?? params.Ds_CardNumber ?? '';
  const last4 = params.Ds_Card_Last4 ?? /(\d{4})$/.exec(masked)?.[1];
  const expiry = /^(\d{2})(0[1-9]|1[0-2])$/.exec(params.Ds_ExpiryDate ?? '');
  if (!token || token === 'REQUIRED' || !/^\d{4}$/.test(last4 ?? '') || !expiry) return null;
  const brand = BRANDS[REV_CARDBRANDS[params.Ds_Card_Brand as CardBrandNum] ?? ''] ?? 'card';
  return { token, brand, last4: last4!, exp_month: Number(expiry[2]), exp_year: 2000 + Number(expiry[1]) };
}

/** Redsys may answer codes with leading zeros (terminal `001`): the same number is the same code. */
const sameNumber = (a: unknown, b: string) => typeof a === 'string' && /^\d{1,9}$/.test(a) && Number(a) === Number(b);

/** The signed REST call; a gateway refusal (errorCode) answers its code, anything else unreadable throws. */
async function trataPeticion(
  settings: RedsysConfig,
  params: RestTrataPeticionInputParams,
): Promise<{ params: RestTrataPeticionOutputParams } | { error: string }> {
  try {
    const answer = await redsysApi(settings).restTrataPeticion(params);
    if (answer.Ds_Order !== params.DS_MERCHANT_ORDER) throw new Error('Redsys answered for another order');
    return { params: answer };
  } catch (error) {
    if (error instanceof GatewayError) return { error: error.code ?? 'SIS' };
    throw error;
  }
}

export const redsysProvider: PaymentProvider = {
  name: 'redsys',
  // our own page (redsys/page.ts) holds the signed form and sends the browser on to Redsys
  hostedCardPageUrl: (config, page) => `/pay/redsys/${page.session}?sig=${redsysPageSignature(config, page.session)}`,

  verifyNotification(config, _headers, body): ProviderNotification | null {
    const settings = config.redsys;
    if (!settings || !body || typeof body !== 'object') return null;
    const { Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature } = body as Record<string, unknown>;
    if (
      typeof Ds_SignatureVersion !== 'string' ||
      typeof Ds_MerchantParameters !== 'string' ||
      typeof Ds_Signature !== 'string'
    )
      return null;
    let params: Partial<RestTrataPeticionOutputParams>;
    try {
      params = redsysApi(settings).processRestNotification({
        Ds_SignatureVersion,
        Ds_MerchantParameters,
        Ds_Signature,
      }) as Partial<RestTrataPeticionOutputParams>;
    } catch {
      return null; // a bad signature, or not Redsys's format at all
    }
    // signed with our key, but it must also be for us and for the order our session gave
    const session = typeof params.Ds_MerchantData === 'string' ? params.Ds_MerchantData.trim() : '';
    if (
      !sameNumber(params.Ds_MerchantCode, settings.merchantCode) ||
      !sameNumber(params.Ds_Terminal, settings.terminal)
    )
      return null;
    if (!/^[a-z0-9]{16}$/.test(session) || params.Ds_Order !== redsysOrder('card', session)) return null;
    const code = Number.parseInt(String(params.Ds_Response ?? ''), 10);
    if (!Number.isFinite(code)) return null;
    if (code >= 0 && code < 100) {
      const card = cardOf(params);
      return card ? { session, status: 'DONE', card } : { session, status: 'FAILED', result: 'gateway' };
    }
    if (code === 9915) return { session, status: 'CANCELLED', result: 'cancelled' };
    return { session, status: 'FAILED', result: redsysReason(code) };
  },

  async chargeStoredCard(config, charge) {
    const settings = settingsOf(config);
    const order = redsysOrder('charge', charge.payment);
    const answer = await trataPeticion(settings, {
      DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
      DS_MERCHANT_TERMINAL: settings.terminal,
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_AMOUNT: String(charge.amountCents),
      DS_MERCHANT_CURRENCY: EUR,
      DS_MERCHANT_IDENTIFIER: charge.token,
      DS_MERCHANT_COF_INI: 'N',
      DS_MERCHANT_COF_TYPE: 'R',
      DS_MERCHANT_EXCEP_SCA: 'MIT',
      DS_MERCHANT_DIRECTPAYMENT: 'true',
      DS_MERCHANT_PRODUCTDESCRIPTION: charge.description.slice(0, 125),
    });
    const code = 'error' in answer ? answer.error : Number.parseInt(String(answer.params.Ds_Response ?? ''), 10);
    if (typeof code === 'number' && code >= 0 && code < 100) return { status: 'PAID', reference: order };
    // resumed after a run died with this order sent: a repeated order is that first send, which Redsys took; we
    // count it paid rather than charge again under a new order (docs/decisions.md, "Renewals across a SIGKILL")
    if (charge.resume && redsysReason(code) === 'duplicate') return { status: 'PAID', reference: order };
    return { status: 'DECLINED', result: redsysReason(code) };
  },

  async refund(config, refund) {
    const settings = settingsOf(config);
    if (!/^\d{4}[A-Za-z0-9]{0,8}$/.test(refund.reference) || !(refund.amountCents > 0))
      return { ok: false, result: 'unknownCharge' };
    const answer = await trataPeticion(settings, {
      DS_MERCHANT_MERCHANTCODE: settings.merchantCode,
      DS_MERCHANT_TERMINAL: settings.terminal,
      DS_MERCHANT_ORDER: refund.reference,
      DS_MERCHANT_TRANSACTIONTYPE: '3',
      DS_MERCHANT_AMOUNT: String(refund.amountCents),
      DS_MERCHANT_CURRENCY: EUR,
    });
    if ('error' in answer) return { ok: false, result: redsysReason(answer.error) };
    const code = Number.parseInt(String(answer.params.Ds_Response ?? ''), 10);
    return code === 900 || (code >= 0 && code < 100) ? { ok: true } : { ok: false, result: redsysReason(code) };
  },
};
