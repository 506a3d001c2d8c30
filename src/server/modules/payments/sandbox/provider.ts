/**
 * The sandbox provider (issue 13 §1; the default, works offline): a pretend card processor served by this server
 * (sandbox/page.ts) that behaves like a real one towards us — its hosted page takes the card, it signs its notification
 * with its own key (derived from SECRET_KEY, as a real provider's shared secret), and it hands back a token, brand, last
 * four digits and expiry only. Test cards: 4242 4242 4242 4242 and 5555 5555 5555 4444 succeed, 4000 0000 0000 0002 is
 * declined, 4000 0000 0000 0341 saves but its later charges are declined; any future expiry, any CVC.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../config';
import type { PaymentProvider, ProviderNotification } from '../provider';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Tokens of cards that save but whose later charges are declined (test card 4000 0000 0000 0341). */
export const SANDBOX_DECLINING_TOKEN = 'sbx_decline_';

const keyOf = (config: Config) => createHmac('sha256', config.secretKey).update('payments:sandbox').digest();

export function sandboxSign(config: Config, text: string): string {
  return createHmac('sha256', keyOf(config)).update(text).digest('base64url');
}

export function sameSignature(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The hosted page's address carries its own signature, so nobody opens a page for a session we did not start. */
export function sandboxPageSignature(config: Config, session: string): string {
  return sandboxSign(config, `page\n${session}`);
}

export function validPageSignature(config: Config, session: string, signature: string): boolean {
  return sameSignature(sandboxPageSignature(config, session), signature);
}

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  // served by this very server: a path on the portal's own origin (whatever address the member reached it by)
  hostedCardPageUrl: (config, page) => `/pay/sandbox/${page.session}?sig=${sandboxPageSignature(config, page.session)}`,
  verifyNotification(config, headers, body) {
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || typeof body !== 'string') return null;
    if (!sameSignature(sandboxSign(config, body), signature)) return null;
    try {
      return JSON.parse(body) as ProviderNotification;
    } catch {
      return null;
    }
  },
  // the sandbox processor decides from the token it made: a card saved with 4000 0000 0000 0341 is declined later
  async chargeStoredCard(_config, charge) {
    if (!charge.token.startsWith('sbx_')) return { status: 'DECLINED', result: 'unknownCard' };
    if (charge.token.startsWith(SANDBOX_DECLINING_TOKEN)) return { status: 'DECLINED', result: 'declined' };
    return { status: 'PAID', reference: `sbx_ch_${charge.payment}` };
  },
  async refund(_config, refund) {
    return refund.reference.startsWith('sbx_ch_') && refund.amountCents > 0
      ? { ok: true }
      : { ok: false, result: 'unknownCharge' };
  },
};
