/**
 * PAYMENT_PROVIDER=none (issue 23 §1): the association takes no card payments. Nobody is sent to a card page (the
 * services refuse first, `payments.cardsUnavailable`); a card stored under an earlier provider is declined when a
 * renewal comes (the member is told, as for any decline), and no notification is believed.
 */
import { AppError } from '../../../errors';
import type { PaymentProvider } from '../provider';

export const noCardsProvider: PaymentProvider = {
  name: 'none',
  hostedCardPageUrl: () => {
    throw new AppError(409, 'payments.cardsUnavailable');
  },
  verifyNotification: () => null,
  chargeStoredCard: async () => ({ status: 'DECLINED', result: 'unavailable' }),
  refund: async () => ({ ok: false, result: 'unavailable' }),
};
