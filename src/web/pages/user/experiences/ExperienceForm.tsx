/**
 * The experience form (schemas/workExperience.write.json through <SchemaForm form="workExperience">):
 * position, company, contract, location, start and end (dd/mm/yyyy) and description. An empty end
 * means the member still holds the position, and the form says so.
 */
import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/SchemaForm';
import type { Experience } from './types';

const CONTRACTS = ['INDEFINITE', 'TEMPORAL', 'FREELANCE', 'PART-TIME', 'FULL-TIME', 'INTERNSHIP'];

export type ExperienceValues = Partial<Omit<Experience, 'hash'>>;

export function toValues(record?: Experience): ExperienceValues {
  if (!record) return {};
  return {
    name: record.name,
    company_name: record.company_name,
    contract: record.contract ?? undefined,
    location: record.location ?? undefined,
    start: record.start,
    end: record.end ?? undefined,
    content: record.content,
  };
}

/** An empty end is sent as null: a current job (and an edit can make a past job current again). */
export function toBody(values: ExperienceValues): ExperienceValues {
  return { ...values, end: values.end || null };
}

export function ExperienceForm(props: {
  initial: ExperienceValues;
  submitText: string;
  saving: boolean;
  serverErrors?: Record<string, string[]>;
  onSubmit: (values: ExperienceValues) => void;
}) {
  const { t } = useTranslation();
  const ui = useMemo<UiSchema>(
    () => ({
      'ui:order': ['name', 'company_name', 'contract', 'location', 'start', 'end', 'content'],
      name: { 'ui:title': t('experiences.form.position') },
      contract: {
        'ui:enumNames': CONTRACTS.map((c) => t(`jobs.contract.${c}`)),
        'ui:placeholder': t('experiences.form.contractPlaceholder'),
      },
      start: { 'ui:widget': 'text', 'ui:placeholder': 'dd/mm/yyyy' },
      end: { 'ui:widget': 'text', 'ui:placeholder': 'dd/mm/yyyy', 'ui:help': t('experiences.form.endHelp') },
      content: { 'ui:widget': 'textarea', 'ui:options': { rows: 6 } },
    }),
    [t],
  );
  return (
    <SchemaForm<ExperienceValues>
      form="workExperience"
      id="experience-form"
      uiSchema={ui}
      formData={props.initial}
      submitText={props.submitText}
      submitting={props.saving}
      serverErrors={props.serverErrors}
      onSubmit={(values) => props.onSubmit(toBody(values))}
    />
  );
}
