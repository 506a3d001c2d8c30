import { useTranslation } from 'react-i18next';
import { BOLD_FEE_EUR } from '../../shared/constants';
import { useSiteSettings } from './useSiteSettings';

/** A fee in euros in the reader's language, without cents when it has none (€50, 50 €, 12,50 €). */
export const formatFee = (euros: number, lng: string) =>
  new Intl.NumberFormat(lng, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(euros) ? 0 : 2,
  }).format(euros);

/**
 * The Bold terms of the back-office settings (GET /api/init `settings.membership`): the yearly fee, formatted, and the
 * free period in months, and the sentence that says both before anyone registers (issue 25 §8). Until the settings
 * arrive the fee reads as the project's default, never as a blank.
 */
export function useMembershipTerms() {
  const { t, i18n } = useTranslation();
  const terms = useSiteSettings()?.membership;
  const priceEuros = terms?.priceEuros ?? BOLD_FEE_EUR;
  const months = terms?.freePeriodMonths ?? 0;
  const price = formatFee(priceEuros, i18n.language);
  return {
    price,
    priceEuros,
    months,
    /** "€65 a year, the first 4 months free" */
    priceLine: months > 0 ? t('benefits.priceTerms', { price, count: months }) : t('benefits.priceNoFree', { price }),
    /** "Regular membership is free. Bold is free for the first 4 months, then costs €65 a year." */
    sentence: months > 0 ? t('register.terms', { price, count: months }) : t('register.termsNoFree', { price }),
  };
}
