/**
 * /user/workgroups (issue 12 §2): the groups I administer in every status (Refine useTable over `usr` resource
 * `workgroups`, 6 a page): status, members and requests waiting, and the way on — manage, edit, or create one.
 */
import { Alert, Button, Card, Empty, Grid, Space, Table, Typography } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Locale } from '../../../../shared/constants';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { GroupStatusTag } from './GroupStatusTag';
import type { OwnGroup } from './types';

export default function GroupListPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const { to } = useLocale();
  // on a phone the table keeps the group and its status; members and requests move under the name
  const wide = Grid.useBreakpoint().md !== false;
  useDocumentTitle(`${t('pages.user.workgroups')} · Alumni`);
  const { tableProps, tableQuery } = useTable<OwnGroup>({
    resource: 'usr/workgroups',
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.workgroups },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const create = (
    <Link to={to('user.workgroups.new')}>
      <Button type="primary" icon={<PlusOutlined />} data-testid="group-create">
        {t('groups.create')}
      </Button>
    </Link>
  );
  const empty = !tableQuery.isLoading && !tableQuery.isError && (tableProps.dataSource ?? []).length === 0;
  return (
    <section data-testid="user-my-groups">
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {t('pages.user.workgroups')}
        </Typography.Title>
        {!empty && create}
      </Space>
      {tableQuery.isError ? (
        <Alert type="error" showIcon message={t('errors.unexpected.title')} />
      ) : empty ? (
        <Card>
          <Empty
            image={<TeamOutlined style={{ fontSize: 56, color: '#bbb' }} />}
            description={
              <>
                <Typography.Title level={4}>{t('groups.empty.title')}</Typography.Title>
                <Typography.Text type="secondary">{t('groups.empty.text')}</Typography.Text>
              </>
            }
          >
            {create}
          </Empty>
        </Card>
      ) : (
        <Table<OwnGroup>
          {...tableProps}
          rowKey="hash"
          scroll={wide ? { x: 760 } : undefined}
          columns={[
            {
              title: t('groups.name'),
              render: (_, group) => (
                <>
                  <Link to={to('user.workgroups.show', { hash: group.hash })} data-testid="group-name">
                    {group.name}
                  </Link>
                  <div className="muted">
                    {t(`workgroups.type.${group.type}`)}
                    {group.typology ? ` · ${t(`workgroups.typology.${group.typology}`)}` : ''}
                  </div>
                  {wide ? null : <GroupMembers group={group} />}
                </>
              ),
            },
            {
              title: t('groups.statusLabel'),
              width: 150,
              render: (_, group) => <GroupStatusTag status={group.status} />,
            },
            {
              title: t('groups.membersLabel'),
              width: 170,
              responsive: ['md'],
              render: (_, group) => <GroupMembers group={group} />,
            },
            {
              title: t('groups.updated'),
              width: 130,
              responsive: ['md'],
              render: (_, group) => formatDate(group.updated_at, lng),
            },
            {
              title: t('admin.users.actions'),
              width: 200,
              responsive: ['md'],
              render: (_, group) => (
                <Space wrap>
                  <Link to={to('user.workgroups.show', { hash: group.hash })}>{t('groups.manage')}</Link>
                  <Link to={to('user.workgroups.edit', { hash: group.hash })}>{t('groups.edit')}</Link>
                </Space>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

function GroupMembers({ group }: { group: OwnGroup }) {
  const { t } = useTranslation();
  return (
    <>
      {t('workgroups.members', { count: group.members })}
      {group.requests ? (
        <div>
          <Typography.Text type="warning" data-testid="group-requests">
            {t('groups.requestsWaiting', { count: group.requests })}
          </Typography.Text>
        </div>
      ) : null}
    </>
  );
}
