/**
 * /user/workgroups/subscribed: the groups the member runs, belongs to, asked to join or follows
 * (GET /api/workgroups?subscribed_by_me=true, 6 a page). Each card links to the public group page and
 * offers "leave" (or "withdraw the request" while pending) after a confirmation, through the join toggle.
 * The group's administrator cannot leave it (the server says so too).
 */
import { Button, Card, Col, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { CrownOutlined, LockOutlined, LogoutOutlined, TeamOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { SafeImage } from '../../../components/SafeImage';
import { useLocale } from '../../../hooks/useLocale';
import { TAG_COLORS } from '../../../theme';
import type { Workgroup } from '../../public/workgroups/types';
import { ListFrame } from './ListFrame';
import { useEmptyPageStepBack } from './useEmptyPageStepBack';
import { useToggle } from './useToggle';

export default function GroupsPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('pages.user.workgroups.subscribed')} · Alumni`);
  const table = useTable<Workgroup>({
    resource: 'workgroups',
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.workgroups },
    sorters: { mode: 'off' },
    filters: { mode: 'server', permanent: [{ field: 'subscribed_by_me', operator: 'eq', value: true }] },
  });
  const { tableProps, tableQuery } = table;
  const items = (tableProps.dataSource ?? []) as Workgroup[];
  useEmptyPageStepBack(table, items.length);
  const total = tableProps.pagination ? (tableProps.pagination.total ?? 0) : 0;
  return (
    <ListFrame
      testId="user-groups"
      title={t('pages.user.workgroups.subscribed')}
      count={t('lists.groups.count', { count: total })}
      query={tableQuery}
      isEmpty={items.length === 0}
      pagination={tableProps.pagination}
      pageSize={PAGE_SIZES.workgroups}
      empty={{
        icon: <TeamOutlined style={{ fontSize: 56, color: '#9aa0a6' }} />,
        title: t('lists.groups.empty.title'),
        text: t('lists.groups.empty.text'),
        action: (
          <Link to={to('workgroups')}>
            <Button type="primary">{t('lists.groups.empty.cta')}</Button>
          </Link>
        ),
      }}
    >
      <Row gutter={[16, 16]}>
        {items.map((group) => (
          <Col key={group.hash} xs={24} sm={12} lg={8}>
            <GroupCard group={group} />
          </Col>
        ))}
      </Row>
    </ListFrame>
  );
}

function GroupCard({ group }: { group: Workgroup }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const leave = useToggle('workgroups', 'subscribe');
  const pending = group.membership === 'PENDING';
  const role = group.is_admin ? 'admin' : pending ? 'pending' : group.membership === 'ACCEPTED' ? 'member' : 'follower';
  const actions = group.is_admin
    ? [
        <Typography.Text key="admin" type="secondary" style={{ fontSize: 13 }}>
          {t('lists.groups.adminHint')}
        </Typography.Text>,
      ]
    : [
        <Popconfirm
          key="leave"
          title={t(pending ? 'lists.groups.withdrawConfirm.title' : 'lists.groups.leaveConfirm.title')}
          description={t(pending ? 'lists.groups.withdrawConfirm.text' : 'lists.groups.leaveConfirm.text', {
            name: group.name,
          })}
          okText={t(pending ? 'lists.groups.withdraw' : 'lists.groups.leave')}
          cancelText={t('member.cancel')}
          okButtonProps={{ danger: true, loading: leave.pending }}
          onConfirm={() =>
            leave.run(group.slug, () =>
              t(pending ? 'lists.groups.withdrawnToast' : 'lists.groups.leftToast', { name: group.name }),
            )
          }
        >
          <Button type="link" danger icon={<LogoutOutlined />} loading={leave.pending} data-testid="leave">
            {t(pending ? 'lists.groups.withdraw' : 'lists.groups.leave')}
          </Button>
        </Popconfirm>,
      ];
  return (
    <Card
      className="article-card"
      data-testid="group-card"
      cover={
        <Link to={to('workgroups.show', { slug: group.slug })} tabIndex={-1} aria-hidden>
          <SafeImage src={group.image ?? undefined} alt="" className="card-cover" />
        </Link>
      }
      actions={actions}
    >
      <Space size={[4, 4]} wrap>
        <Tag icon={group.type === 'PRIVATE' ? <LockOutlined /> : undefined} color={TAG_COLORS[group.type]}>
          {t(`workgroups.type.${group.type}`)}
        </Tag>
        {group.typology ? <Tag data-testid="typology">{t(`workgroups.typology.${group.typology}`)}</Tag> : null}
        <Tag
          icon={group.is_admin ? <CrownOutlined /> : undefined}
          color={pending ? 'gold' : role === 'admin' ? 'purple' : 'green'}
          data-testid="group-role"
        >
          {t(`lists.groups.role.${role}`)}
        </Tag>
      </Space>
      <h2 className="card-title">
        <Link to={to('workgroups.show', { slug: group.slug })}>{group.name}</Link>
      </h2>
      <p className="card-summary">{group.description}</p>
      <div className="job-meta" style={{ marginTop: 10 }}>
        <span>
          <TeamOutlined /> {t('lists.groups.members', { count: group.members })}
        </span>
      </div>
    </Card>
  );
}
