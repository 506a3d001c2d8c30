import { lazy, Suspense, useState } from 'react';
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

// antd's pop-up and text area, only for a member who applied or adds a note: not in an anonymous first visit
const WithdrawConfirm = lazy(() => import('./ApplyExtras').then((m) => ({ default: m.WithdrawConfirm })));
const ApplyNote = lazy(() => import('./ApplyExtras').then((m) => ({ default: m.ApplyNote })));

/**
 * Applying = PATCH /api/jobs/{id}/subscribe (DESIGN §6), a toggle. Bold and GRATIS only; without a CV
 * the server answers 418 "Add your CV to apply", shown here with a link to the profile's files tab.
 * A signed-in member may add an optional note to the company (issue 25 §18, at most 1,000 characters,
 * schemas/job.apply.json); withdrawing asks for confirmation first.
 */
export function ApplyButton({ job }: { job: JobDetail }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const feedback = useFeedback();
  const [refusal, setRefusal] = useState<string | null>(null);
  const apply = useMemberAction('jobs', job.slug, 'subscribe', 'jobs.apply');
  const [note, setNote] = useState<string | null>(null);
  const send = () =>
    apply.run(
      ({ active }) => {
        setRefusal(null);
        setNote(null);
        feedback.success(t(active ? 'jobs.appliedToast' : 'jobs.withdrawnToast'));
      },
      (error) => setRefusal(error.statusCode === 418 ? error.message : null),
      !job.subscribed && note?.trim() ? { note: note.trim() } : {},
    );
  const button = (
    <Button
      data-testid="apply"
      type={job.subscribed ? 'default' : 'primary'}
      size="large"
      icon={<SendOutlined />}
      loading={apply.pending}
      aria-pressed={job.subscribed}
      onClick={job.subscribed ? () => undefined : send}
    >
      {t(job.subscribed ? 'jobs.applied' : 'jobs.apply')}
    </Button>
  );
  return (
    <div className="article-actions">
      {job.subscribed ? (
        <Suspense fallback={button}>
          <WithdrawConfirm title={job.title} onConfirm={send}>
            {button}
          </WithdrawConfirm>
        </Suspense>
      ) : (
        button
      )}
      {!job.subscribed && apply.signedInMember ? (
        note === null ? (
          <Button type="link" onClick={() => setNote('')} data-testid="apply-note-add">
            {t('jobs.noteAdd')}
          </Button>
        ) : (
          <Suspense fallback={null}>
            <ApplyNote value={note} onChange={setNote} />
          </Suspense>
        )
      ) : null}
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
