/**
 * A group's requests (first, with their messages) and members, for its administrator (Refine useTable over `usr`
 * resource `workgroups/{hash}/users`, 12 a page): accept or decline a request, remove a member, or hand the group to
 * one of them — each with a confirmation.
 */
import { Avatar, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, CrownOutlined, UserDeleteOutlined, UserOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useCustomMutation, useDelete, useInvalidate, useUpdate, type HttpError } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Locale } from '../../../../shared/constants';
import { formatDate } from '../../../lib/dates';
import { useLocale } from '../../../hooks/useLocale';
import type { GroupMember, OwnGroup } from './types';

export function MembersTab({ group }: { group: OwnGroup }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const { to } = useLocale();
  const navigate = useNavigate();
  const resource = 'usr/workgroupUsers';
  const meta = { group: group.hash };
  const { tableProps } = useTable<GroupMember>({
    resource,
    meta,
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.workgroupUsers },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const { mutate: decide, mutation: deciding } = useCustomMutation<GroupMember, HttpError>();
  const { mutate: handOver } = useUpdate<OwnGroup, HttpError>();
  const { mutate: removeOne } = useDelete<GroupMember, HttpError>();
  const invalidate = useInvalidate();
  const refresh = () =>
    Promise.all([
      invalidate({ resource, invalidates: ['list'] }),
      invalidate({ resource: 'usr/workgroups', invalidates: ['detail', 'list'], id: group.hash }),
    ]);
  const failed = (error?: HttpError) => ({
    type: 'error' as const,
    message: error?.message ?? t('errors.unexpected.title'),
  });
  const answer = (member: GroupMember, status: 'ACCEPTED' | 'CANCELLED') =>
    decide(
      {
        url: `/usr/workgroups/${group.hash}/users/${member.hash}`,
        method: 'patch',
        values: { status },
        successNotification: () => ({ type: 'success', message: t(`groups.members.done.${status}`) }),
        errorNotification: failed,
      },
      { onSuccess: () => void refresh() },
    );
  const remove = (member: GroupMember) =>
    removeOne(
      {
        resource,
        meta,
        id: member.hash,
        successNotification: () => ({ type: 'success', message: t('groups.members.done.removed') }),
        errorNotification: failed,
      },
      { onSuccess: () => void refresh() },
    );
  const makeAdmin = (member: GroupMember) =>
    handOver(
      {
        resource: 'usr/workgroups',
        id: group.hash,
        values: { admin: member.hash },
        successNotification: () => ({ type: 'success', message: t('groups.members.done.handedOver') }),
        errorNotification: failed,
      },
      { onSuccess: () => void navigate(to('user.workgroups')) },
    );
  const name = (member: GroupMember) =>
    member.user.former ? t('user.formerMember') : `${member.user.name} ${member.user.surname1}`;
  return (
    <Table<GroupMember>
      {...tableProps}
      rowKey="hash"
      scroll={{ x: 720 }}
      locale={{ emptyText: t('groups.members.none') }}
      columns={[
        {
          title: t('groups.members.who'),
          render: (_, member) => (
            <Space align="start">
              <Avatar src={member.user.photo ?? undefined} icon={<UserOutlined />} />
              <div>
                <strong data-testid="member-name">{name(member)}</strong>
                {member.status === 'PENDING' ? (
                  <Tag color="gold" style={{ marginInlineStart: 8 }}>
                    {t('groups.members.request')}
                  </Tag>
                ) : null}
                {member.message ? (
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="member-message">
                    “{member.message}”
                  </Typography.Paragraph>
                ) : null}
              </div>
            </Space>
          ),
        },
        { title: t('groups.members.since'), width: 130, render: (_, member) => formatDate(member.created_at, lng) },
        {
          title: t('admin.users.actions'),
          width: 300,
          render: (_, member) =>
            member.is_admin ? (
              <Tag color="purple">{t('groups.members.admin')}</Tag>
            ) : member.status === 'PENDING' ? (
              <Space wrap>
                <Button
                  type="primary"
                  size="small"
                  icon={<CheckOutlined />}
                  loading={deciding.isPending}
                  data-testid="member-accept"
                  onClick={() => answer(member, 'ACCEPTED')}
                >
                  {t('groups.members.accept')}
                </Button>
                <Popconfirm
                  title={t('groups.members.declineConfirm', { name: name(member) })}
                  okText={t('groups.members.decline')}
                  cancelText={t('admin.cancel')}
                  onConfirm={() => answer(member, 'CANCELLED')}
                >
                  <Button size="small" danger icon={<CloseOutlined />} data-testid="member-decline">
                    {t('groups.members.decline')}
                  </Button>
                </Popconfirm>
              </Space>
            ) : (
              <Space wrap>
                <Popconfirm
                  title={t('groups.members.handOverConfirm', { name: name(member) })}
                  okText={t('groups.members.handOver')}
                  cancelText={t('admin.cancel')}
                  onConfirm={() => makeAdmin(member)}
                >
                  <Button size="small" icon={<CrownOutlined />}>
                    {t('groups.members.handOver')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('groups.members.removeConfirm', { name: name(member) })}
                  okText={t('groups.members.remove')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('admin.cancel')}
                  onConfirm={() => remove(member)}
                >
                  <Button size="small" danger icon={<UserDeleteOutlined />}>
                    {t('groups.members.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  );
}
