/**
 * /user/workgroups (issue 12 §2): the groups I administer in every status (`usr` resource `workgroups` through
 * OwnRecordsList, 6 a page): status, members and requests waiting, and the way on — manage, edit, or create one.
 */
import { Grid, Space, Table, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Locale } from '../../../../shared/constants';
import { OwnRecordsList } from '../../../components/lists/OwnRecordsList';
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
  return (
    <OwnRecordsList<OwnGroup>
      resource="usr/workgroups"
      pageSize={PAGE_SIZES.workgroups}
      title={t('pages.user.workgroups')}
      testId="user-my-groups"
      create={{ to: to('user.workgroups.new'), label: t('groups.create'), testId: 'group-create' }}
      empty={{
        icon: <TeamOutlined style={{ fontSize: 56, color: '#bbb' }} />,
        title: t('groups.empty.title'),
        text: t('groups.empty.text'),
      }}
      pagination="table"
    >
      {(_, tableProps) => (
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
    </OwnRecordsList>
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
