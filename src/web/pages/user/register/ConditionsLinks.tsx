import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { INFO_SLUGS, type InfoPageKey } from '../../../public/infoPages';

/**
 * Beside a registration form's "I accept" checkbox (issue 25 §7): the texts to accept, each in a new tab so what was
 * typed in the form stays where it is.
 */
export function ConditionsLinks({ pages }: { pages: readonly InfoPageKey[] }) {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  return (
    <span className="conditions-links">
      {t('register.conditionsRead')}{' '}
      {pages.map((key, i) => (
        <span key={key}>
          {i > 0 ? ' · ' : null}
          <a
            href={to('info', { slug: INFO_SLUGS[key][lng] })}
            target="_blank"
            rel="noopener"
            data-testid={`${key}-link`}
          >
            {t(`footer.${key}`)} <ExportOutlined aria-hidden />
            <span className="sr-only"> ({t('register.newTab')})</span>
          </a>
        </span>
      ))}
    </span>
  );
}
