import { useState } from 'react';
import { Alert, Button } from '../../../../components/light';
import { SendOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberPrompt } from '../../../../components/MemberPrompt';
import { useLocale } from '../../../../hooks/useLocale';
import { profileTab } from '../../../../routing/profileTab';
import { useMemberAction } from '../../../../hooks/useMemberAction';
import type { JobDetail } from '../types';
import { useFeedback } from '../../../../providers/notifications';

/**
 * Applying = PATCH /api/jobs/{id}/subscribe (DESIGN §6), a toggle. Bold and GRATIS only; without a CV
 * the server answers 418 "Add your CV to apply", shown here with a link to the profile's files tab.
 */
export function ApplyButton({ job }: { job: JobDetail }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const feedback = useFeedback();
  const [refusal, setRefusal] = useState<string | null>(null);
  const apply = useMemberAction('jobs', job.slug, 'subscribe', true);
  return (
    <div className="article-actions">
      <Button
        data-testid="apply"
        type={job.subscribed ? 'default' : 'primary'}
        size="large"
        icon={<SendOutlined />}
        loading={apply.pending}
        aria-pressed={job.subscribed}
        onClick={() =>
          apply.run(
            ({ active }) => {
              setRefusal(null);
              feedback.success(t(active ? 'jobs.appliedToast' : 'jobs.withdrawnToast'));
            },
            (error) => setRefusal(error.statusCode === 418 ? error.message : null),
          )
        }
      >
        {t(job.subscribed ? 'jobs.applied' : 'jobs.apply')}
      </Button>
      {refusal ? (
        <Alert
          data-testid="apply-refused"
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message={refusal}
          action={
            <Link to={profileTab(to, 'files')} data-testid="add-cv">
              {t('jobs.addCv')}
            </Link>
          }
        />
      ) : null}
      <MemberPrompt kind={apply.prompt} onClose={apply.closePrompt} />
    </div>
  );
}
