/** The article as the public will read it, in each language (a missing translation shows the Spanish text, as the site does). */
import { useState } from 'react';
import { Alert, Modal, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../../../shared/constants';
import { dmyToIso } from '../../../../../shared/dates';
import { ArticleBody } from '../../../public/news/components/ArticleBody';
import type { ArticleValues } from '../types';
import { useArticleTags } from './ArticleTagsWidget';

export function ArticlePreview({
  open,
  values,
  image,
  onClose,
}: {
  open: boolean;
  values: ArticleValues;
  image: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [lng, setLng] = useState<Locale>('es');
  const tags = useArticleTags();
  const written = values.texts?.[lng]?.title?.trim() ? values.texts[lng]! : undefined;
  const text = written ?? values.texts?.es ?? {};
  const isoDate = values.date ? dmyToIso(values.date) : null;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={860}
      title={t('admin.articles.previewTitle')}
      destroyOnHidden
    >
      <Segmented<Locale>
        value={lng}
        onChange={setLng}
        options={LOCALES.map((code) => ({ value: code, label: t(`lang.${code}`) }))}
        style={{ marginBottom: 16 }}
      />
      {!written && lng !== 'es' ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('admin.articles.previewFallback')} />
      ) : null}
      <article className="job-detail article-detail" data-testid="article-preview">
        <ArticleBody
          article={{
            type: values.type ?? 'NEWS',
            title: text.title ?? '',
            summary: text.summary ?? '',
            body: text.body ?? '',
            image,
            date: isoDate ?? new Date().toISOString().slice(0, 10),
            hour: values.type === 'EVENT' ? (values.hour ?? null) : null,
            location: values.type === 'EVENT' ? (values.location ?? null) : null,
            tags: tags.filter((tag) => values.tags?.includes(tag.hash)),
          }}
        />
      </article>
    </Modal>
  );
}
