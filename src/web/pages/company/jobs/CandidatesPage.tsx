/**
 * /company/jobs/{hash}/users (issue 11 §7): the applicants of one of the company's offers in a Refine useTable —
 * filters, 10 a page, a sticky header; each row's status changed one by one or for the selected rows, the CV, the
 * contact of a candidate in process, a drawer with the profile; withdrawn applications greyed; CSV of the filtered rows.
 */
import { useState } from 'react';
import { useTable } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Avatar, Button, Grid, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined, FileTextOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { downloadCsv } from '../../../lib/downloadCsv';
import { useFeedback } from '../../../providers/notifications';
import { filtersToQuery } from '../../../providers/data';
import { CandidateDrawer, candidateName } from './candidates/CandidateDrawer';
import { CandidateFilters } from './candidates/CandidateFilters';
import { CandidateStatusTag } from './candidates/CandidateStatusTag';
import { DECISIONS, type Candidate, type Decision } from './candidates/types';
import { useCandidateMoves } from './candidates/useCandidateMoves';
import type { Offer } from './types';
import { WriteButton } from '../../user/messages/WriteButton';

export default function CandidatesPage() {
  const { hash = '' } = useParams();
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const feedback = useFeedback();
  const [selected, setSelected] = useState<string[]>([]);
  const [shown, setShown] = useState<Candidate | null>(null);
  const offer = useShow<Offer>({ resource: 'com/jobs', id: hash, errorNotification: false }).query.data?.data;
  useDocumentTitle(`${t('pages.company.jobs.users')} · ${offer?.title ?? ''} · Alumni`);
  const { tableProps, filters, setFilters } = useTable<Candidate>({
    resource: 'com/applicants',
    meta: { job: hash },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: { mode: 'server' },
    sorters: { mode: 'off' },
  });
  const { move, moving } = useCandidateMoves(hash, () => setSelected([]));
  const former = t('user.formerMember');
  // on a phone the table keeps the candidate and the status; studies and date go under the name, CV and contact to the drawer
  const wide = Grid.useBreakpoint().md !== false;
  const exportCsv = async () => {
    try {
      await downloadCsv(
        'com',
        `jobs/${hash}/users/export`,
        `${offer?.slug ?? hash}-${t('candidates.fileName')}.csv`,
        filtersToQuery(filters),
      );
    } catch (error) {
      feedback.error((error as { message?: string }).message ?? t('errors.unexpected.title'));
    }
  };
  return (
    <section data-testid="company-candidates">
      <Link to={to('company.jobs.show', { hash })}>← {offer?.title ?? t('pages.company.jobs.show')}</Link>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', margin: '12px 0' }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {t('pages.company.jobs.users')}
        </Typography.Title>
        <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} data-testid="candidates-export">
          {t('candidates.export')}
        </Button>
      </Space>
      <CandidateFilters
        filters={filters}
        onChange={(field, value) => setFilters([{ field, operator: 'eq', value }], 'merge')}
      />
      {selected.length > 0 ? (
        <Space wrap style={{ marginBottom: 12 }}>
          <span>{t('candidates.selected', { count: selected.length })}</span>
          {DECISIONS.map((status) => (
            <Button
              key={status}
              size="small"
              loading={moving}
              data-bulk={status}
              onClick={() => move(selected, status)}
            >
              {t(`candidates.mark.${status}`)}
            </Button>
          ))}
        </Space>
      ) : null}
      <Table<Candidate>
        {...tableProps}
        rowKey="hash"
        size="middle"
        sticky
        scroll={wide ? { x: 1000 } : undefined}
        rowClassName={(row) => (row.status === 'WITHDRAWN' ? 'candidate-withdrawn' : '')}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (row) => ({
            disabled: row.status === 'WITHDRAWN',
            'aria-label': t('candidates.selectOne', { name: candidateName(row, former) }),
          }),
        }}
        locale={{ emptyText: t('candidates.none') }}
        columns={[
          {
            title: t('candidates.candidate'),
            width: wide ? 260 : undefined,
            render: (_, row) => (
              <Space>
                <Avatar src={row.member?.photo ?? undefined} alt="" icon={<UserOutlined />} />
                <span>
                  <Button
                    type="link"
                    style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                    onClick={() => setShown(row)}
                    data-testid="candidate-name"
                  >
                    {candidateName(row, former)}
                  </Button>
                  {wide ? null : (
                    <div className="muted">
                      {[row.member?.category?.title, row.member?.graduation_year, formatDate(row.applied_at, lng)]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  )}
                  {row.note ? (
                    <Typography.Paragraph
                      type="secondary"
                      ellipsis={{ rows: 2 }}
                      style={{ margin: 0, fontSize: 13 }}
                      title={row.note}
                      data-testid="candidate-note"
                    >
                      <MessageOutlined aria-label={t('candidates.note')} /> {row.note}
                    </Typography.Paragraph>
                  ) : null}
                  {row.member ? (
                    // a gap above: the name's link and this button each keep 24 px of room (WCAG 2.2 target size)
                    <div style={{ marginTop: 6 }}>
                      <WriteButton
                        area="company"
                        target={{ application: row.hash, name: candidateName(row, former) }}
                        size="small"
                      />
                    </div>
                  ) : null}
                </span>
              </Space>
            ),
          },
          {
            title: t('candidates.studies'),
            width: 220,
            responsive: ['md'],
            render: (_, row) =>
              [row.member?.category?.title, row.member?.graduation_year].filter(Boolean).join(' · ') || '—',
          },
          {
            title: t('candidates.appliedAt'),
            width: 120,
            responsive: ['md'],
            render: (_, row) => formatDate(row.applied_at, lng),
          },
          {
            title: t('offers.statusFilter'),
            width: wide ? 170 : 130,
            render: (_, row) =>
              row.status === 'WITHDRAWN' ? (
                <CandidateStatusTag status={row.status} />
              ) : (
                <Select
                  size="small"
                  style={{ width: wide ? 150 : 120 }}
                  aria-label={t('candidates.statusOf', { name: candidateName(row, former) })}
                  value={row.status}
                  disabled={moving}
                  onChange={(next: Decision) => move([row.hash], next)}
                  options={DECISIONS.map((s) => ({ value: s, label: t(`lists.applications.status.${s}`) }))}
                  data-testid="candidate-move"
                />
              ),
          },
          {
            title: t('candidates.cv'),
            width: 80,
            responsive: ['md'],
            render: (_, row) =>
              row.cv ? (
                <a
                  href={row.cv}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t('candidates.cvOf', { name: candidateName(row, former) })}
                >
                  <FileTextOutlined /> CV
                </a>
              ) : (
                '—'
              ),
          },
          {
            title: t('candidates.contact'),
            width: 230,
            responsive: ['md'],
            render: (_, row) => (row.contact ? <a href={`mailto:${row.contact.email}`}>{row.contact.email}</a> : '—'),
          },
        ]}
      />
      <CandidateDrawer candidate={shown} onClose={() => setShown(null)} />
    </section>
  );
}
