/**
 * The project form (schemas/portfolio.write.json through <SchemaForm form="portfolio">): name, date
 * (dd/mm/yyyy, optional), description, links (an array of URLs) and published/draft. The pictures are
 * managed apart (ImageManager), on the edit page.
 */
import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import type { PortfolioWrite } from '../../../../shared/schema-types';
import type { Portfolio } from './types';

/** The fields this form sends (the pictures are ordered apart): the write schema's generated type. */
export type PortfolioValues = Omit<PortfolioWrite, 'images'>;

/** What the form starts from: only the fields it sends (the API refuses unknown ones). */
export function toValues(record?: Portfolio): PortfolioValues {
  if (!record) return { status: 'UNPUBLISHED', links: [] };
  return {
    name: record.name,
    date: record.date ?? undefined,
    content: record.content,
    links: record.links.map((link) => ({ url: link.url })),
    status: record.status,
  };
}

/** Cleared optional fields become null, so an edit can empty them; the rest goes as typed. */
export function toBody(values: PortfolioValues): PortfolioValues {
  return {
    ...values,
    date: values.date || null,
    content: values.content ?? '',
    links: (values.links ?? []).filter((link) => link?.url),
  };
}

export function PortfolioForm(props: {
  initial: PortfolioValues;
  submitText: string;
  saving: boolean;
  serverErrors?: Record<string, string[]>;
  onSubmit: (values: PortfolioValues) => void;
}) {
  const { t } = useTranslation();
  const ui = useMemo<UiSchema>(
    () => ({
      'ui:order': ['name', 'status', 'date', 'content', 'links'],
      date: { 'ui:widget': 'text', 'ui:placeholder': 'dd/mm/yyyy', 'ui:description': t('member.form.dateHelp') },
      content: { 'ui:widget': 'textarea', 'ui:options': { rows: 6 } },
      status: { 'ui:widget': 'radio', 'ui:enumNames': [t('member.status.PUBLISHED'), t('member.status.UNPUBLISHED')] },
      links: {
        'ui:help': t('portfolios.form.linksHelp'),
        items: { url: { 'ui:title': t('fields.url'), 'ui:placeholder': 'https://' } },
        'ui:options': { orderable: false },
      },
    }),
    [t],
  );
  return (
    <SchemaForm<PortfolioValues>
      form="portfolio"
      id="portfolio-form"
      uiSchema={ui}
      formData={props.initial}
      submitText={props.submitText}
      submitting={props.saving}
      serverErrors={props.serverErrors}
      onSubmit={(values) => props.onSubmit(toBody(values))}
    />
  );
}
