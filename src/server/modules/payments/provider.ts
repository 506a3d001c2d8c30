/**
 * The payment provider behind the membership (issue 13 §1; DESIGN §4b "Cards"): members add cards on the provider's
 * hosted page (never on ours), the provider tells us the result in a signed notification, and later charges use the
 * token it gave. One interface, one implementation per provider, chosen by PAYMENT_PROVIDER; the built-in sandbox works
 * offline. What we keep of a card is the provider's token, brand, last four digits and expiry.
 */
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { noCardsProvider } from './none/provider';
import { redsysProvider } from './redsys/provider';
import { sandboxProvider } from './sandbox/provider';

export interface HostedPage {
  /** our payment session (one visit to the provider's page) */
  session: string;
  language: string;
}

export interface CardResult {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** A notification the provider signed: how a session ended. */
export interface ProviderNotification {
  session: string;
  status: 'DONE' | 'FAILED' | 'CANCELLED';
  /** the provider's reason for a failure (e.g. `declined`) */
  result?: string;
  card?: CardResult;
}

/** A charge of a stored card without the member present (a renewal, the end of the free period). */
export interface ChargeRequest {
  /** our payment's id: the provider's order reference, so a retried call cannot charge twice */
  payment: string;
  /** the provider's token of the card */
  token: string;
  amountCents: number;
  /** what the member's statement says, e.g. "Alumni Bold 2027" */
  description: string;
  /**
   * Sent again after a run died between sending it and applying the answer (SIGKILL, a crash): the provider may
   * already hold this order, and a refusal as a repeated order then means the first send reached it.
   */
  resume?: boolean;
}

export interface ChargeOutcome {
  status: 'PAID' | 'DECLINED';
  /** the provider's reference of the operation (needed to refund it) */
  reference?: string;
  /** the provider's reason for a decline, as a key of `payments.declined.*` when known (e.g. `declined`, `expired`) */
  result?: string;
}

export interface RefundRequest {
  payment: string;
  reference: string;
  amountCents: number;
}

export interface PaymentProvider {
  name: string;
  /** Where the member's browser goes to give a card. */
  hostedCardPageUrl(config: Config, page: HostedPage): string;
  /** The notification if the provider signed it, else null (logged and refused by the caller). */
  verifyNotification(
    config: Config,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): ProviderNotification | null;
  /** Charges a stored card, merchant-initiated. Never throws for a decline; throws only when the provider is unreachable. */
  chargeStoredCard(config: Config, charge: ChargeRequest): Promise<ChargeOutcome>;
  /** Refunds a paid charge in full or in part. */
  refund(config: Config, refund: RefundRequest): Promise<{ ok: boolean; result?: string }>;
}

export function paymentProvider(config: Config): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return sandboxProvider;
    case 'redsys':
      return redsysProvider;
    case 'none':
      return noCardsProvider;
  }
}

/** Whether members may pay by card at all (PAYMENT_PROVIDER is not `none`); the web hides card options when not. */
export const cardPaymentsOffered = (config: Config): boolean => config.paymentProvider !== 'none';

/** Refuses a card action when the association takes no card payments (409, the member is told to use direct debit). */
export function requireCardPayments(config: Config): void {
  if (!cardPaymentsOffered(config)) throw new AppError(409, 'payments.cardsUnavailable');
}
