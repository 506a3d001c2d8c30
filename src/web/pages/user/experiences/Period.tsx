import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** "01/09/2021 – 30/06/2023", or "01/09/2021 – Present" with a tag for a current job (no end). */
export function Period({ start, end }: { start: string; end: string | null }) {
  const { t } = useTranslation();
  return (
    <span data-testid="period">
      {start} – {end ?? t('experiences.current')}
      {!end && (
        <Tag color="blue" style={{ marginLeft: 8 }}>
          {t('experiences.currentTag')}
        </Tag>
      )}
    </span>
  );
}
