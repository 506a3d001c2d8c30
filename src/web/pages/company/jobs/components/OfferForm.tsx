/**
 * The offer form (issue 11 §4): <SchemaForm form="companyJob"> over schemas/company.job.write.json, the same for a
 * new offer and an edit. Sending first shows the offer as the public will read it (OfferPreview); only confirming
 * there saves it.
 */
import { useMemo, useState } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { CONTRACTS } from '../../../../../shared/constants';
import { JOB_WORKING, JOB_WORKSTATION, SALARY_PERIODS } from '../../../../../shared/codes';
import { SchemaForm } from '../../../../forms/SchemaForm';
import type { CompanyJobWrite } from '../../../../../shared/schema-types';
import type { Offer } from '../types';
import { OfferPreview } from './OfferPreview';
import { MarkdownWidget } from '../../../../forms/widgets/MarkdownWidget';
import { OfferAreaWidget, OfferSpecialtyWidget, OfferTagsWidget } from './offerWidgets';

/**
 * The fields this form sends: the write schema's generated type without the status moves and the closing survey
 * (other screens send those), plus any field a maintainer added to company.job.write (stored in the offer's data,
 * answered under `extra`).
 */
export type OfferValues = Omit<CompanyJobWrite, 'status' | 'survey'> & { [added: string]: unknown };

/** What the form starts from: only the fields it sends (the API refuses unknown ones). */
export function toValues(offer?: Offer): OfferValues {
  if (!offer) return { tags: [] };
  return {
    ...(offer.extra ?? {}),
    title: offer.title,
    description: offer.description,
    location: offer.location,
    contract: offer.contract,
    working: offer.working ?? null,
    workstation: offer.workstation ?? null,
    salary_min: offer.salary_min ?? null,
    salary_max: offer.salary_max ?? null,
    salary_currency: offer.salary_currency ?? null,
    salary_period: offer.salary_period ?? null,
    date_incorporation: offer.date_incorporation ?? null,
    area: offer.area?.hash ?? null,
    specialty: offer.specialty?.hash ?? null,
    tags: (offer.tags ?? []).map((tag) => tag.hash!),
  };
}

/** Cleared optional fields become null, so an edit can empty them. */
function toBody(values: OfferValues): OfferValues {
  const blank = (value: string | null | undefined) => (value?.trim() ? value : null);
  return {
    ...values,
    working: values.working ?? null,
    workstation: values.workstation ?? null,
    salary_min: values.salary_min ?? null,
    salary_max: values.salary_max ?? null,
    salary_currency: blank(values.salary_currency?.toUpperCase()),
    salary_period: values.salary_period ?? null,
    date_incorporation: blank(values.date_incorporation),
    area: values.area ?? null,
    specialty: values.specialty ?? null,
    tags: values.tags ?? [],
  };
}

export function OfferForm(props: {
  initial: OfferValues;
  submitText: string;
  confirmText: string;
  saving: boolean;
  serverErrors?: Record<string, string[]>;
  onSubmit: (values: OfferValues) => void;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<OfferValues | null>(null);
  const ui = useMemo<UiSchema>(
    () => ({
      'ui:order': [
        'title',
        'location',
        'contract',
        'working',
        'workstation',
        'salary_min',
        'salary_max',
        'salary_currency',
        'salary_period',
        'date_incorporation',
        'area',
        'specialty',
        'tags',
        'description',
        // a field a maintainer adds to company.job.write shows up last (without it the form refuses to render)
        '*',
      ],
      contract: {
        'ui:enumNames': CONTRACTS.map((c) => t(`jobs.contract.${c}`)),
        'ui:placeholder': t('offers.form.choose'),
      },
      working: {
        'ui:enumNames': [...JOB_WORKING.map((c) => t(`jobs.working.${c}`)), t('offers.form.notSaid')],
        'ui:placeholder': t('offers.form.choose'),
      },
      workstation: {
        'ui:enumNames': [...JOB_WORKSTATION.map((c) => t(`jobs.workstation.${c}`)), t('offers.form.notSaid')],
        'ui:placeholder': t('offers.form.choose'),
      },
      salary_period: {
        'ui:enumNames': [...SALARY_PERIODS.map((p) => t(`jobs.salaryPer.${p}`)), t('offers.form.notSaid')],
        'ui:placeholder': t('offers.form.choose'),
      },
      date_incorporation: {
        'ui:widget': 'text',
        'ui:placeholder': 'dd/mm/yyyy',
        'ui:description': t('member.form.dateHelp'),
      },
      area: { 'ui:widget': OfferAreaWidget, 'ui:title': t('offers.tagGroup.area') },
      specialty: { 'ui:widget': OfferSpecialtyWidget, 'ui:title': t('offers.tagGroup.specialty') },
      tags: { 'ui:widget': OfferTagsWidget, 'ui:help': t('offers.form.tagsHelp') },
      description: { 'ui:widget': MarkdownWidget, 'ui:help': t('offers.form.descriptionHelp') },
    }),
    [t],
  );
  return (
    <>
      <SchemaForm<OfferValues>
        form="companyJob"
        id="offer-form"
        uiSchema={ui}
        formData={preview ?? props.initial}
        submitText={props.submitText}
        submitting={props.saving}
        serverErrors={props.serverErrors}
        onSubmit={(values) => setPreview(toBody(values))}
      />
      <OfferPreview
        values={preview}
        confirmText={props.confirmText}
        saving={props.saving}
        onCancel={() => setPreview(null)}
        onConfirm={() => {
          if (preview) props.onSubmit(preview);
        }}
      />
    </>
  );
}
