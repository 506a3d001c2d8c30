/**
 * The member's job alerts (issue 11 §8) in the settings: how often (each offer as it is published, or a weekly digest)
 * and which offers (area, contract, working day, place, words), from schemas/user.jobAlerts.json through a Refine form
 * over `usr` resource `job-alerts`, id `me`. Shown to Bold and GRATIS members; with offers by e-mail off it says how to
 * turn them on instead.
 */
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResourceForm } from '../../../forms/useResourceForm';
import { JOB_WORKING } from '../../../../shared/codes';
import { SchemaForm } from '../../../forms/SchemaForm';
import { singleTagWidget } from '../../../forms/widgets/TagSelectWidget';
import { Spinner } from '../../../components/Spinner';

const CONTRACTS = ['INDEFINITE', 'TEMPORAL', 'FREELANCE', 'PART-TIME', 'FULL-TIME', 'INTERNSHIP'];
const AreaWidget = singleTagWidget('area');
const FIELDS = ['frequency', 'area', 'contract', 'working', 'location', 'text'] as const;

export function JobAlertsSection({ receiving }: { receiving: boolean }) {
  const { t } = useTranslation();
  const form = useResourceForm<Record<string, unknown>>({
    resource: 'usr/job-alerts',
    id: 'me',
    savedMessage: t('jobAlerts.saved'),
    rename: (field) => field,
  });
  const record = form.record;
  return (
    <section className="job-alerts" data-testid="job-alerts">
      <Typography.Title level={3}>{t('jobAlerts.title')}</Typography.Title>
      {!receiving ? (
        <Alert type="info" showIcon message={t('jobAlerts.off')} />
      ) : !record ? (
        <Spinner />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('jobAlerts.intro')}</Typography.Paragraph>
          <SchemaForm<Record<string, unknown>>
            id="form-jobAlerts"
            form="jobAlerts"
            formData={Object.fromEntries(FIELDS.map((field) => [field, record[field] ?? undefined]))}
            submitText={t('jobAlerts.save')}
            submitting={form.saving}
            serverErrors={form.serverErrors}
            uiSchema={{
              frequency: {
                'ui:widget': 'radio',
                'ui:enumNames': ['instant', 'weekly'].map((f) => t(`jobAlerts.frequency.${f}`)),
                'ui:title': t('jobAlerts.frequencyLabel'),
              },
              area: { 'ui:widget': AreaWidget, 'ui:title': t('jobs.area'), 'ui:placeholder': t('jobAlerts.any') },
              contract: {
                'ui:title': t('jobs.contractLabel'),
                'ui:enumNames': [...CONTRACTS.map((c) => t(`jobs.contract.${c}`)), t('jobAlerts.any')],
                'ui:placeholder': t('jobAlerts.any'),
              },
              working: {
                'ui:title': t('jobs.working'),
                'ui:enumNames': [...JOB_WORKING.map((w) => t(`jobs.working.${w}`)), t('jobAlerts.any')],
                'ui:placeholder': t('jobAlerts.any'),
              },
              location: { 'ui:title': t('jobs.location'), 'ui:placeholder': t('jobAlerts.locationPlaceholder') },
              text: { 'ui:title': t('jobAlerts.words'), 'ui:help': t('jobAlerts.wordsHelp') },
            }}
            // a filter emptied in the form is cleared on the server (rjsf leaves it out)
            onSubmit={(values) =>
              void form
                .save(
                  Object.fromEntries(
                    FIELDS.map((field) => [
                      field,
                      values[field] === undefined || values[field] === '' ? null : values[field],
                    ]),
                  ),
                )
                .catch(() => undefined)
            }
          />
        </>
      )}
    </section>
  );
}
