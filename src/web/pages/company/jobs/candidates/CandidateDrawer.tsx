/** A candidate as the company may see them: the application, studies and job, the CV, contact once in process, and their directory page when they allow companies to see it. */
import { Avatar, Button, Descriptions, Drawer, Space } from 'antd';
import { DownloadOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../hooks/useLocale';
import { formatDate } from '../../../../lib/dates';
import { CandidateStatusTag } from './CandidateStatusTag';
import type { Candidate } from './types';

export function candidateName(candidate: Candidate, former: string): string {
  const m = candidate.member;
  return m?.former ? former : [m?.name, m?.surname1, m?.surname2].filter(Boolean).join(' ');
}

export function CandidateDrawer({ candidate, onClose }: { candidate: Candidate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const m = candidate?.member;
  return (
    <Drawer
      open={!!candidate}
      onClose={onClose}
      width={480}
      title={candidate ? candidateName(candidate, t('user.formerMember')) : ''}
      data-testid="candidate-drawer"
    >
      {candidate && m ? (
        <>
          <Space align="center" style={{ marginBottom: 16 }}>
            <Avatar size={64} src={m.photo ?? undefined} icon={<UserOutlined />} />
            <CandidateStatusTag status={candidate.status} />
          </Space>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('candidates.studies')}>
              {[m.category?.title, m.graduation_year].filter(Boolean).join(' · ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('candidates.currentJob')}>{m.current_job ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('candidates.city')}>{m.city ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('candidates.appliedAt')}>
              {formatDate(candidate.applied_at, lng, 'long')}
            </Descriptions.Item>
            {candidate.note ? (
              <Descriptions.Item label={t('candidates.note')}>
                <span style={{ whiteSpace: 'pre-wrap' }} data-testid="candidate-drawer-note">
                  {candidate.note}
                </span>
              </Descriptions.Item>
            ) : null}
            {candidate.contact ? (
              <>
                <Descriptions.Item label={t('candidates.email')}>
                  <a href={`mailto:${candidate.contact.email}`}>{candidate.contact.email}</a>
                </Descriptions.Item>
                <Descriptions.Item label={t('candidates.phone')}>
                  {candidate.contact.phone ? (
                    <a href={`tel:${candidate.contact.phone.replace(/\s/g, '')}`}>{candidate.contact.phone}</a>
                  ) : (
                    '—'
                  )}
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
          {!candidate.contact && candidate.status !== 'WITHDRAWN' ? (
            <p className="muted" style={{ marginTop: 12 }}>
              {t('candidates.contactHint')}
            </p>
          ) : null}
          <Space wrap style={{ marginTop: 16 }}>
            {candidate.cv ? (
              <Button icon={<DownloadOutlined />} href={candidate.cv} target="_blank" rel="noreferrer">
                {t('candidates.cv')}
              </Button>
            ) : null}
            {m.in_directory ? (
              <Link to={to('community.directory.show', { hash: m.hash! })}>
                <Button>{t('candidates.profile')}</Button>
              </Link>
            ) : null}
          </Space>
        </>
      ) : null}
    </Drawer>
  );
}
