/**
 * /user/jobs/subscribed: the member's applications (GET /api/jobs?subscribed_by_me=true, 10 a page): offer
 * (linking to the public offer while it is published), company, date applied, status (Pending, In process,
 * Discarded, Withdrawn), and withdraw (with a confirmation) or apply again through the apply toggle.
 * Bold and GRATIS only (SPEC §2, `jobs.apply`); a Regular member who opens it is invited to upgrade (routing/AreaAccess).
 */
import { Badge, Button, Card, Grid, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { Job } from '../../../../shared/schema-types';
import { MessageOutlined, RollbackOutlined, SendOutlined, SolutionOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import type { JobSummary } from '../../public/jobs/types';
import { applicationAction, STATUS_COLORS, type ApplicationStatus } from './applicationStatus';
import { STATE_TAG_COLORS } from '../../../theme';
import { ListFrame } from './ListFrame';
import { useEmptyPageStepBack } from './useEmptyPageStepBack';
import { useToggle } from './useToggle';

/** An offer I applied to (schemas/job.json): `subscribed_by_me` adds my application's fields. */
export type Application = JobSummary &
  Required<Pick<Job, 'offer_status' | 'applied_at'>> &
  Pick<Job, 'outcome' | 'conversation'> & { status: ApplicationStatus };

/** A member without `jobs.apply` never gets here: the route's access check shows the way to upgrade (routing/AreaAccess). */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('pages.user.jobs.subscribed')} · Alumni`);
  return <ApplicationsList />;
}

function ApplicationsList() {
  const { t } = useTranslation();
  const { to, lng } = useLocale();
  const screens = Grid.useBreakpoint();
  const toggle = useToggle('jobs', 'subscribe');
  const table = useTable<Application>({
    resource: 'jobs',
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.jobs },
    sorters: { mode: 'off' },
    filters: { mode: 'server', permanent: [{ field: 'subscribed_by_me', operator: 'eq', value: true }] },
  });
  const { tableProps, tableQuery } = table;
  const items = (tableProps.dataSource ?? []) as Application[];
  useEmptyPageStepBack(table, items.length);
  const total = tableProps.pagination ? (tableProps.pagination.total ?? 0) : 0;

  const offer = (job: Application) =>
    job.offer_status === 'PUBLISHED' ? (
      <Link to={to('jobs.show', { slug: job.slug })} data-testid="application-offer">
        {job.title}
      </Link>
    ) : (
      <Space size={4} wrap>
        <Typography.Text data-testid="application-offer">{job.title}</Typography.Text>
        <Typography.Text type="secondary">({t('lists.applications.offerClosed')})</Typography.Text>
      </Space>
    );
  // the outcome, once the offer closed, says more than the application's last status (issue 25 §19)
  const status = (job: Application) =>
    job.outcome ? (
      <Tag color={job.outcome === 'HIRED' ? STATE_TAG_COLORS.success : 'default'} data-testid="application-outcome">
        {t(`lists.applications.outcome.${job.outcome}`)}
      </Tag>
    ) : (
      <Tag color={STATUS_COLORS[job.status] ?? 'default'} data-testid="application-status">
        {t(`lists.applications.status.${job.status}`)}
      </Tag>
    );
  // the company's messages about this application (issue 29): the candidate answers from here
  const conversation = (job: Application) =>
    job.conversation ? (
      <Badge
        count={job.conversation.unread}
        size="small"
        title={t('lists.applications.conversationUnread', { count: job.conversation.unread })}
      >
        <Link to={to('user.messages.show', { hash: job.conversation.hash })} data-testid="application-conversation">
          <MessageOutlined /> {t('lists.applications.conversation')}
        </Link>
      </Badge>
    ) : null;
  const action = (job: Application) => {
    const kind = applicationAction(job.status, job.offer_status);
    const busy = toggle.pendingId === job.hash;
    if (kind === 'withdraw')
      return (
        <Popconfirm
          title={t('lists.applications.withdrawConfirm.title')}
          description={t('lists.applications.withdrawConfirm.text', { title: job.title })}
          okText={t('lists.applications.withdraw')}
          cancelText={t('member.cancel')}
          okButtonProps={{ danger: true, loading: busy }}
          onConfirm={() => toggle.run(job.hash, () => t('jobs.withdrawnToast'))}
        >
          <Button danger size="small" icon={<RollbackOutlined />} loading={busy} data-testid="withdraw">
            {t('lists.applications.withdraw')}
          </Button>
        </Popconfirm>
      );
    if (kind === 'apply')
      return (
        <Button
          size="small"
          icon={<SendOutlined />}
          loading={busy}
          data-testid="apply-again"
          onClick={() => toggle.run(job.hash, () => t('jobs.appliedToast'))}
        >
          {t('lists.applications.applyAgain')}
        </Button>
      );
    return null;
  };

  const wide = screens.md ?? true;
  const columns: ColumnsType<Application> = wide
    ? [
        { key: 'offer', title: t('lists.applications.column.offer'), render: (_, job) => offer(job) },
        { key: 'company', title: t('lists.applications.column.company'), render: (_, job) => job.company.name },
        {
          key: 'applied',
          title: t('lists.applications.column.applied'),
          render: (_, job) => formatDate(job.applied_at, lng),
        },
        { key: 'status', title: t('lists.applications.column.status'), render: (_, job) => status(job) },
        {
          key: 'action',
          title: <span className="sr-only">{t('lists.applications.column.action')}</span>,
          align: 'right',
          render: (_, job) => (
            <Space size={12} wrap style={{ justifyContent: 'flex-end' }}>
              {conversation(job)}
              {action(job)}
            </Space>
          ),
        },
      ]
    : [
        {
          key: 'offer',
          title: t('lists.applications.column.offer'),
          render: (_, job) => (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              {offer(job)}
              <Typography.Text type="secondary">
                {job.company.name} · {t('lists.applications.appliedOn', { date: formatDate(job.applied_at, lng) })}
              </Typography.Text>
              <Space size={8} wrap>
                {status(job)}
                {conversation(job)}
                {action(job)}
              </Space>
            </Space>
          ),
        },
      ];

  return (
    <ListFrame
      testId="user-applications"
      title={t('pages.user.jobs.subscribed')}
      count={t('lists.applications.count', { count: total })}
      query={tableQuery}
      isEmpty={items.length === 0}
      pagination={false}
      pageSize={PAGE_SIZES.jobs}
      empty={{
        icon: <SolutionOutlined style={{ fontSize: 56, color: '#9aa0a6' }} />,
        title: t('lists.applications.empty.title'),
        text: t('lists.applications.empty.text'),
        action: (
          <Link to={to('jobs')}>
            <Button type="primary">{t('lists.applications.empty.cta')}</Button>
          </Link>
        ),
      }}
    >
      <Card styles={{ body: { padding: 0 } }}>
        <Table<Application>
          {...tableProps}
          rowKey="hash"
          columns={columns}
          showHeader={wide}
          data-testid="applications-table"
          pagination={
            tableProps.pagination && (tableProps.pagination.total ?? 0) > PAGE_SIZES.jobs
              ? { ...tableProps.pagination, showSizeChanger: false, position: ['bottomCenter'] }
              : false
          }
        />
      </Card>
    </ListFrame>
  );
}
