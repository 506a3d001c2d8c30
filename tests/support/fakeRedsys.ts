/**
 * A fake Redsys gateway for the tests: a real HTTP server (node:http) on a random loopback port that speaks Redsys's
 * protocol as the portal meets it, with its own HMAC_SHA256_V1 code (3DES-diversified key, written here from Redsys's
 * specification, not redsys-easy's), so the portal's signatures are checked by something that is not the portal.
 *
 * - POST /sis/realizarPago: the redirect form. Checks the signature, the merchant, and the card-on-file fields of a
 *   card verification; answers Redsys's error page (SIS0042, SIS0xxx) or a page with "pay" and "cancel" buttons.
 *   `complete(order, outcome)` (or those buttons) then POSTs the signed notification to the form's merchant URL.
 * - POST /sis/rest/trataPeticionREST: stored-card charges (type 0, MIT fields required) and refunds (type 3); a
 *   repeated order answers SIS0051, a token registered with `decline(token)` answers Ds_Response 0190.
 * Every request is recorded (`requests`), decoded, with what the fake found wrong in it.
 */
import { createCipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRedsysOptions {
  merchantCode: string;
  terminal: string;
  secretKey: string;
}

export interface RecordedRequest {
  path: string;
  contentType: string | undefined;
  signatureValid: boolean;
  params: Record<string, string>;
  problems: string[];
}

export interface FakeCard {
  brand: '1' | '2' | '8';
  number: string;
  expiry: string; // YYMM
}

type Pending = { params: Record<string, string>; done: boolean };

/** Redsys's per-order key: the merchant key (base64, 24 bytes) 3DES-CBC-encrypts the order, zero IV, zero padding. */
function orderKey(secretKey: string, order: string): Buffer {
  const message = Buffer.from(order, 'utf8');
  const padded = Buffer.concat([message, Buffer.alloc((8 - (message.length % 8)) % 8)]);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secretKey, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

export function redsysSignature(secretKey: string, order: string, merchantParameters: string): string {
  return createHmac('sha256', orderKey(secretKey, order)).update(merchantParameters).digest('base64');
}

const b64 = (value: string) => Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

function sameSignature(expected: string, given: string): boolean {
  const [a, b] = [b64(expected), b64(given)];
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** Decodes Ds_MerchantParameters and checks Ds_Signature; the keys are upper-cased as Redsys reads them. */
export function decodeSigned(
  secretKey: string,
  form: Record<string, unknown>,
): { params: Record<string, string>; signatureValid: boolean } {
  const text = typeof form['Ds_MerchantParameters'] === 'string' ? form['Ds_MerchantParameters'] : '';
  let raw: Record<string, unknown> = {};
  try {
    raw = JSON.parse(b64(text).toString('utf8')) as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const params = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key.toUpperCase(), String(value)]));
  const order = params['DS_MERCHANT_ORDER'] ?? '';
  const signatureValid =
    form['Ds_SignatureVersion'] === 'HMAC_SHA256_V1' &&
    !!order &&
    typeof form['Ds_Signature'] === 'string' &&
    sameSignature(redsysSignature(secretKey, order, text), form['Ds_Signature']);
  return { params, signatureValid };
}

/** Redsys's answer format: base64 JSON parameters, signed with the key of their order (Ds_Order). */
export function signAnswer(secretKey: string, params: Record<string, string>) {
  const merchantParameters = Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
  return {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: merchantParameters,
    Ds_Signature: redsysSignature(secretKey, params['Ds_Order']!, merchantParameters)
      .replace(/\+/g, '-')
      .replace(/\//g, '_'),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const ORDER = /^\d{4}[A-Za-z0-9]{0,8}$/;

export class FakeRedsys {
  readonly requests: RecordedRequest[] = [];
  /** Notifications the fake posted: where, what, and the portal's answer. */
  readonly notifications: Array<{ url: string; body: Record<string, string>; status: number; answer: string }> = [];
  private readonly pending = new Map<string, Pending>();
  private readonly tokens = new Map<string, FakeCard>();
  private readonly declining = new Set<string>();
  private readonly orders = new Map<string, { amount: number; refunded: number; type: string }>();
  private server: Server | null = null;
  url = '';
  /** Sign REST answers with this key instead (an answer the portal must not believe). */
  answerKey: string | null = null;

  constructor(readonly options: FakeRedsysOptions) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** Later charges of this token answer 0190 (denegada). */
  decline(token: string): void {
    this.declining.add(token);
  }

  /** A token as if a card had been verified earlier (for charges without going through the page). */
  register(token: string, card: FakeCard = { brand: '1', number: '454881******0004', expiry: '3412' }): void {
    this.tokens.set(token, card);
  }

  /** The card-page form the fake accepted last for this order (its decoded parameters). */
  form(order: string): Record<string, string> | undefined {
    return this.pending.get(order)?.params;
  }

  /**
   * What the member does on the card page: pays (the card is verified and a reference made), is declined (`code`),
   * or cancels (9915). The fake then notifies the merchant URL, signed, form-urlencoded, as Redsys does.
   */
  async complete(
    order: string,
    outcome: { pay: FakeCard } | { deny: string } | 'cancel',
  ): Promise<{ status: number; answer: string; token?: string; redirect: string }> {
    const pending = this.pending.get(order);
    if (!pending) throw new Error(`fake Redsys: no card page for order ${order}`);
    pending.done = true;
    const p = pending.params;
    const now = new Date();
    const response = outcome === 'cancel' ? '9915' : 'deny' in outcome ? outcome.deny : '0000';
    const params: Record<string, string> = {
      Ds_Date: encodeURIComponent(
        `${String(now.getUTCDate()).padStart(2, '0')}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`,
      ),
      Ds_Hour: encodeURIComponent(
        `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`,
      ),
      Ds_SecurePayment: response === '0000' ? '1' : '0',
      Ds_Amount: p['DS_MERCHANT_AMOUNT'] ?? '0',
      Ds_Currency: p['DS_MERCHANT_CURRENCY'] ?? '978',
      Ds_Order: order,
      Ds_MerchantCode: this.options.merchantCode,
      Ds_Terminal: this.options.terminal.padStart(3, '0'),
      Ds_Response: response,
      Ds_TransactionType: p['DS_MERCHANT_TRANSACTIONTYPE'] ?? '',
      Ds_MerchantData: p['DS_MERCHANT_MERCHANTDATA'] ?? '',
      Ds_AuthorisationCode: response === '0000' ? String(100000 + (randomBytes(2).readUInt16BE(0) % 900000)) : '',
      Ds_ConsumerLanguage: p['DS_MERCHANT_CONSUMERLANGUAGE'] ?? '1',
    };
    let token: string | undefined;
    if (typeof outcome === 'object' && 'pay' in outcome) {
      token = randomBytes(20).toString('hex');
      this.tokens.set(token, outcome.pay);
      Object.assign(params, {
        Ds_Merchant_Identifier: token,
        Ds_Card_Brand: outcome.pay.brand,
        Ds_Card_Number: outcome.pay.number,
        Ds_ExpiryDate: outcome.pay.expiry,
        Ds_Card_Country: '724',
        Ds_Merchant_Cof_Txnid: randomBytes(8).toString('hex'),
      });
    }
    const body = signAnswer(this.options.secretKey, params);
    const url = p['DS_MERCHANT_MERCHANTURL']!;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const answer = await res.text();
    this.notifications.push({ url, body, status: res.status, answer });
    return {
      status: res.status,
      answer,
      token,
      redirect: (response === '0000' ? p['DS_MERCHANT_URLOK'] : p['DS_MERCHANT_URLKO']) ?? '',
    };
  }

  private record(
    req: IncomingMessage,
    decoded: { params: Record<string, string>; signatureValid: boolean },
    problems: string[],
  ): RecordedRequest {
    const entry = { path: req.url ?? '', contentType: req.headers['content-type'], ...decoded, problems };
    this.requests.push(entry);
    return entry;
  }

  /** The checks every signed request gets: signature, merchant, terminal, order format. */
  private common(decoded: { params: Record<string, string>; signatureValid: boolean }): string[] {
    const p = decoded.params;
    const problems: string[] = [];
    if (!decoded.signatureValid) problems.push('SIS0042'); // error en el cálculo de la firma
    if (p['DS_MERCHANT_MERCHANTCODE'] !== this.options.merchantCode) problems.push('SIS0008'); // falta Ds_Merchant_MerchantCode
    if (Number(p['DS_MERCHANT_TERMINAL']) !== Number(this.options.terminal)) problems.push('SIS0010'); // falta Ds_Merchant_Terminal
    if (!ORDER.test(p['DS_MERCHANT_ORDER'] ?? '')) problems.push('SIS0074'); // falta Ds_Merchant_Order o es erróneo
    if (!/^\d{1,12}$/.test(p['DS_MERCHANT_AMOUNT'] ?? '')) problems.push('SIS0018'); // falta Ds_Merchant_Amount
    if (p['DS_MERCHANT_CURRENCY'] !== '978') problems.push('SIS0015'); // falta Ds_Merchant_Currency
    return problems;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/sis/realizarPago') return this.cardPage(req, res);
    if (req.method === 'POST' && path === '/sis/rest/trataPeticionREST') return this.rest(req, res);
    const button = /^\/fake\/([0-9A-Za-z]{4,12})\/(pay|cancel)$/.exec(path ?? '');
    if (req.method === 'POST' && button) {
      const done = await this.complete(
        button[1]!,
        button[2] === 'pay' ? { pay: { brand: '1', number: '454881******0004', expiry: '3412' } } : 'cancel',
      );
      return res.writeHead(302, { location: done.redirect }).end();
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  private async cardPage(req: IncomingMessage, res: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const decoded = decodeSigned(this.options.secretKey, form);
    const p = decoded.params;
    const problems = this.common(decoded);
    // a card verification that asks for a reference, first of a series of stored-card charges
    if (p['DS_MERCHANT_TRANSACTIONTYPE'] !== '7') problems.push('SIS0016'); // tipo de transacción
    if (p['DS_MERCHANT_IDENTIFIER'] !== 'REQUIRED') problems.push('COF:DS_MERCHANT_IDENTIFIER');
    if (p['DS_MERCHANT_COF_INI'] !== 'S') problems.push('COF:DS_MERCHANT_COF_INI');
    if (p['DS_MERCHANT_COF_TYPE'] !== 'R') problems.push('COF:DS_MERCHANT_COF_TYPE');
    for (const field of ['DS_MERCHANT_MERCHANTURL', 'DS_MERCHANT_URLOK', 'DS_MERCHANT_URLKO'])
      if (!/^https?:\/\//.test(p[field] ?? '')) problems.push(`URL:${field}`);
    if (p['DS_MERCHANT_ORDER'] && this.orders.has(p['DS_MERCHANT_ORDER'])) problems.push('SIS0051');
    this.record(req, decoded, problems);
    if (problems.length)
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>Error</title><p>Error: ${problems.join(' ')}</p>`);
    this.pending.set(p['DS_MERCHANT_ORDER']!, { params: p, done: false });
    const order = p['DS_MERCHANT_ORDER']!;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>Fake Redsys</title><p>Order ${order}</p>
<form method="post" action="/fake/${order}/pay"><button>pay</button></form><form method="post" action="/fake/${order}/cancel"><button>cancel</button></form>`);
  }

  private async rest(req: IncomingMessage, res: ServerResponse) {
    const send = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    let form: Record<string, unknown> = {};
    try {
      form = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      form = {};
    }
    const decoded = decodeSigned(this.options.secretKey, form);
    const p = decoded.params;
    const problems = this.common(decoded);
    const order = p['DS_MERCHANT_ORDER'] ?? '';
    const type = p['DS_MERCHANT_TRANSACTIONTYPE'];
    if (type === '0') {
      // a merchant-initiated charge of a stored card
      if (!this.tokens.has(p['DS_MERCHANT_IDENTIFIER'] ?? '')) problems.push('SIS0321'); // referencia no válida
      if (p['DS_MERCHANT_COF_INI'] !== 'N') problems.push('COF:DS_MERCHANT_COF_INI');
      if (p['DS_MERCHANT_COF_TYPE'] !== 'R') problems.push('COF:DS_MERCHANT_COF_TYPE');
      if (p['DS_MERCHANT_EXCEP_SCA'] !== 'MIT') problems.push('MIT:DS_MERCHANT_EXCEP_SCA');
      if (p['DS_MERCHANT_DIRECTPAYMENT'] !== 'true') problems.push('MIT:DS_MERCHANT_DIRECTPAYMENT');
      if (!problems.length && this.orders.has(order)) problems.push('SIS0051'); // número de pedido repetido
    } else if (type === '3') {
      const original = this.orders.get(order);
      if (!original || original.type !== '0')
        problems.push('SIS0059'); // no existe la operación a devolver
      else if (Number(p['DS_MERCHANT_AMOUNT']) > original.amount - original.refunded) problems.push('SIS0057'); // importe a devolver supera el permitido
    } else {
      problems.push('SIS0016');
    }
    this.record(req, decoded, problems);
    if (problems.length) {
      const code = problems.find((problem) => problem.startsWith('SIS')) ?? 'SIS0026';
      return send({ errorCode: code });
    }
    const declined = type === '0' && this.declining.has(p['DS_MERCHANT_IDENTIFIER']!);
    const response = type === '3' ? '0900' : declined ? '0190' : '0000';
    if (type === '0')
      this.orders.set(order, {
        amount: Number(p['DS_MERCHANT_AMOUNT']),
        refunded: 0,
        type: declined ? 'declined' : '0',
      });
    else this.orders.get(order)!.refunded += Number(p['DS_MERCHANT_AMOUNT']);
    const card = type === '0' ? this.tokens.get(p['DS_MERCHANT_IDENTIFIER']!) : undefined;
    send(
      signAnswer(this.answerKey ?? this.options.secretKey, {
        Ds_Amount: p['DS_MERCHANT_AMOUNT']!,
        Ds_Currency: '978',
        Ds_Order: order,
        Ds_MerchantCode: this.options.merchantCode,
        Ds_Terminal: p['DS_MERCHANT_TERMINAL']!,
        Ds_Response: response,
        Ds_AuthorisationCode: response === '0190' ? '' : String(100000 + (randomBytes(2).readUInt16BE(0) % 900000)),
        Ds_TransactionType: type!,
        Ds_SecurePayment: '0',
        Ds_Language: '1',
        Ds_MerchantData: '',
        ...(card
          ? {
              Ds_Card_Number: card.number,
              Ds_Card_Brand: card.brand,
              Ds_ExpiryDate: card.expiry,
              Ds_Merchant_Identifier: p['DS_MERCHANT_IDENTIFIER']!,
            }
          : {}),
      }),
    );
  }
}
