/**
 * The article form (issue 14 §1): <SchemaForm form="adminArticle"> over schemas/admin.article.write.json, the same for
 * a new article and an edit. Publication first (type, status, when), then the three languages side by side, each with
 * its title, summary, Markdown text (with a preview) and address. What only an event has, and the schedule, show when
 * they apply; a translation left empty is left out (its public pages show the Spanish text).
 */
import { useMemo, useState } from 'react';
import { Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ARTICLE_STATUSES, ARTICLE_TYPES, LOCALES } from '../../../../../shared/constants';
import { SchemaForm } from '../../../../forms/SchemaForm';
import { MarkdownWidget } from '../../../../forms/widgets/MarkdownWidget';
import type { AdminArticle, ArticleText, ArticleValues } from '../types';
import { ArticlePreview } from './ArticlePreview';
import { ArticleTagsWidget } from './ArticleTagsWidget';
import { DateTimeWidget } from './DateTimeWidget';
import { LanguageColumns } from '../../../../forms/templates/LanguageColumns';

/** What the form starts from: only the fields it sends. */
export function toValues(article?: AdminArticle): ArticleValues {
  if (!article) return { type: 'NEWS', status: 'DRAFT', tags: [], texts: {} };
  const { type, status, publish_at, date, hour, location, capacity, tags, texts } = article;
  return { type, status, publish_at, date, hour, location, capacity, tags, texts };
}

const blank = (text: ArticleText | undefined) =>
  !text || !Object.values(text).some((value) => typeof value === 'string' && value.trim());

/** Empty translations left out, what the type or status does not use cleared. */
export function toBody(values: ArticleValues): ArticleValues {
  const texts = Object.fromEntries(
    LOCALES.filter((lng) => lng === 'es' || !blank(values.texts?.[lng])).map((lng) => [lng, values.texts?.[lng] ?? {}]),
  );
  const event = values.type === 'EVENT';
  return {
    ...values,
    publish_at: values.status === 'SCHEDULED' ? (values.publish_at ?? null) : null,
    hour: event ? values.hour || null : null,
    location: event ? values.location?.trim() || null : null,
    capacity: event ? (values.capacity ?? null) : null,
    tags: values.tags ?? [],
    texts,
  };
}

interface Props {
  initial: ArticleValues;
  image?: string | null;
  submitText: string;
  saving: boolean;
  serverErrors?: Record<string, string[]>;
  onSubmit: (values: ArticleValues) => void;
}

export function ArticleForm({ initial, image, submitText, saving, serverErrors, onSubmit }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ArticleValues>(initial);
  const [previewing, setPreviewing] = useState(false);
  const event = values.type === 'EVENT';
  const ui = useMemo<UiSchema>(() => {
    const hidden = { 'ui:widget': 'hidden' };
    const language = (lng: string) => ({
      'ui:title': t(`lang.${lng}`),
      'ui:description': lng === 'es' ? t('admin.articles.form.spanishRequired') : t('admin.articles.form.fallback'),
      'ui:order': ['title', 'summary', 'body', 'slug'],
      title: { 'ui:title': t('admin.articles.form.title') },
      summary: { 'ui:title': t('admin.articles.form.summary'), 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
      body: {
        'ui:title': t('admin.articles.form.body'),
        'ui:widget': MarkdownWidget,
        'ui:options': { rows: 12 },
        'ui:help': t('admin.articles.form.bodyHelp'),
      },
      slug: {
        'ui:title': t('admin.articles.form.slug'),
        'ui:help': t('admin.articles.form.slugHelp'),
        'ui:placeholder': t('admin.articles.form.slugPlaceholder'),
      },
    });
    return {
      'ui:order': ['type', 'status', 'publish_at', 'date', 'hour', 'location', 'capacity', 'tags', 'texts'],
      type: {
        'ui:widget': 'radio',
        'ui:enumNames': ARTICLE_TYPES.map((type) => t(`news.type.${type}`)),
        'ui:title': t('admin.articles.form.type'),
      },
      status: {
        'ui:widget': 'radio',
        'ui:enumNames': ARTICLE_STATUSES.map((status) => t(`admin.articles.status.${status}`)),
        'ui:title': t('admin.articles.form.status'),
        'ui:help': t('admin.articles.form.statusHelp'),
      },
      publish_at:
        values.status === 'SCHEDULED'
          ? { 'ui:widget': DateTimeWidget, 'ui:title': t('admin.articles.form.publishAt') }
          : hidden,
      date: {
        'ui:widget': 'text',
        'ui:placeholder': 'dd/mm/yyyy',
        'ui:title': event ? t('admin.articles.form.eventDate') : t('admin.articles.form.newsDate'),
        'ui:description': t('admin.articles.form.dateHelp'),
      },
      hour: event ? { 'ui:placeholder': 'hh:mm', 'ui:title': t('admin.articles.form.hour') } : hidden,
      location: event ? { 'ui:title': t('admin.articles.form.location') } : hidden,
      capacity: event
        ? { 'ui:title': t('admin.articles.form.capacity'), 'ui:help': t('admin.articles.form.capacityHelp') }
        : hidden,
      tags: { 'ui:widget': ArticleTagsWidget, 'ui:title': t('admin.articles.form.tags') },
      texts: {
        'ui:ObjectFieldTemplate': LanguageColumns,
        'ui:title': '',
        es: language('es'),
        en: language('en'),
        ca: language('ca'),
      },
    };
  }, [t, values.status, event]);
  return (
    <>
      <Button
        icon={<EyeOutlined />}
        onClick={() => setPreviewing(true)}
        data-testid="article-preview-open"
        style={{ float: 'right' }}
      >
        {t('admin.articles.preview')}
      </Button>
      <SchemaForm<ArticleValues>
        form="adminArticle"
        id="article-form"
        uiSchema={ui}
        formData={values}
        submitText={submitText}
        submitting={saving}
        serverErrors={serverErrors}
        onChange={setValues}
        onSubmit={(data) => onSubmit(toBody(data))}
      />
      <ArticlePreview open={previewing} values={values} image={image ?? null} onClose={() => setPreviewing(false)} />
    </>
  );
}
