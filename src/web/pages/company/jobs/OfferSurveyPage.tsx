/**
 * /company/jobs/{hash}/survey (SPEC §2): closing an offer asks how the job bank and its candidates did, and whom
 * the company hired — among the applicants or someone else. The survey and the move to CLOSED are one request
 * (PATCH /com/jobs/{hash} { status: CLOSED, survey }); without it the server refuses to close.
 */
import { useMemo } from 'react';
import { useShow, useUpdate } from '@refinedev/core';
import { Alert, Card, Rate, Select, Typography } from 'antd';
import type { UiSchema, WidgetProps } from '@rjsf/utils';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { LoadFailedPage } from '../../common/StatusPages';
import type { CompanyJobSurvey } from '../../../../shared/schema-types';
import type { Offer } from './types';

/** The survey while it is being filled in: the generated schema type with nothing answered yet. */
type SurveyValues = Partial<CompanyJobSurvey>;

function RatingWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  return (
    <Rate
      id={id}
      value={(value as number | undefined) ?? 0}
      onChange={(next) => onChange(next || undefined)}
      disabled={disabled || readonly}
    />
  );
}

export default function OfferSurveyPage() {
  const { hash = '' } = useParams();
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(`${t('pages.company.jobs.survey')} · Alumni`);
  const { query } = useShow<Offer>({ resource: 'com/jobs', id: hash, errorNotification: false });
  const { mutate, mutation } = useUpdate();
  const offer = query.data?.data;
  const errors = (mutation.error as { errors?: Record<string, string[]> } | null)?.errors;
  const ui = useMemo<UiSchema>(() => {
    const candidates = offer?.candidates ?? [];
    function ApplicantsWidget({ id, value, onChange }: WidgetProps) {
      return (
        <Select
          id={id}
          mode="multiple"
          value={(value as string[] | undefined) ?? []}
          onChange={(next: string[]) => onChange(next)}
          options={candidates.map((c) => ({ value: c.hash, label: c.former ? t('user.formerMember') : c.name }))}
          notFoundContent={t('offers.survey.noApplicants')}
        />
      );
    }
    return {
      'ui:order': ['rating_jobbank', 'rating_candidates', 'hired', 'hired_applicants', 'hired_other'],
      rating_jobbank: { 'ui:widget': RatingWidget },
      rating_candidates: { 'ui:widget': RatingWidget },
      hired: { 'ui:widget': 'radio', 'ui:enumNames': [t('common.yes'), t('common.no')] },
      hired_applicants: { 'ui:widget': ApplicantsWidget, 'ui:help': t('offers.survey.whomHelp') },
      hired_other: { 'ui:placeholder': t('offers.survey.otherPlaceholder') },
    };
  }, [offer, t]);
  if (query.isLoading) return <Spinner />;
  if (!offer) return <LoadFailedPage error={query.error} />;
  const closable = (offer.moves ?? []).some((move) => move.to === 'CLOSED');
  const flat = errors
    ? Object.fromEntries(
        Object.entries(errors).map(([field, messages]) => [field.replace(/^survey\./, '').split('.')[0]!, messages]),
      )
    : undefined;
  return (
    <section data-testid="offer-survey">
      <Link to={to('company.jobs.show', { hash })}>← {offer.title}</Link>
      <Typography.Title level={1} className="page-title">
        {t('pages.company.jobs.survey')}
      </Typography.Title>
      <Card style={{ maxWidth: 720 }}>
        {closable ? (
          <>
            <Typography.Paragraph>{t('offers.survey.intro', { title: offer.title })}</Typography.Paragraph>
            <SchemaForm<SurveyValues>
              form="companyJobSurvey"
              uiSchema={ui}
              formData={{ hired_applicants: [] }}
              submitText={t('offers.survey.submit')}
              submitting={mutation.isPending}
              serverErrors={flat}
              onSubmit={(survey) =>
                mutate(
                  {
                    resource: 'com/jobs',
                    id: hash,
                    values: {
                      status: 'CLOSED',
                      survey: {
                        ...survey,
                        hired_applicants: survey.hired ? (survey.hired_applicants ?? []) : [],
                        hired_other: survey.hired ? survey.hired_other : undefined,
                      },
                    },
                    mutationMode: 'pessimistic',
                    successNotification: () => ({ type: 'success', message: t('offers.moved.CLOSED') }),
                    errorNotification: (error) => ({
                      type: 'error',
                      message: error?.errors ? t('member.form.fix') : (error?.message ?? t('errors.unexpected.title')),
                    }),
                  },
                  { onSuccess: () => navigate(to('company.jobs.show', { hash })) },
                )
              }
            />
          </>
        ) : (
          <Alert
            type="info"
            showIcon
            message={t('offers.survey.notClosable', { status: t(`offers.status.${offer.status}`) })}
          />
        )}
      </Card>
    </section>
  );
}
