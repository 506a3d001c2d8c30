/**
 * /user/workgroups/{hash} (issue 12 §5): running a group — where it stands in the review, its public page once
 * published, and tabs: the wall with moderation (once published), members and requests, files, and the group's settings.
 * Another member's group shows not found.
 */
import { Alert, Button, Card, Space, Tabs, Typography } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useOne, type HttpError } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { GroupStatusTag } from './GroupStatusTag';
import { MembersTab } from './MembersTab';
import { FilesTab } from './FilesTab';
import { Wall } from '../../public/workgroups/components/Wall';
import { useIdentity } from '../../../hooks/useIdentity';
import { SubmitForReview } from './SubmitForReview';
import type { OwnGroup } from './types';
import { UnexpectedErrorPage } from '../../common/StatusPages';

export default function GroupManagePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { hash = '' } = useParams();
  const { result: group, query } = useOne<OwnGroup, HttpError>({ resource: 'usr/workgroups', id: hash });
  const me = useIdentity();
  useDocumentTitle(`${group?.name ?? t('pages.user.workgroups.show')} · Alumni`);
  if (query.error?.statusCode === 404)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('member.notFound')}
        action={<Link to={to('user.workgroups')}>{t('pages.user.workgroups')}</Link>}
      />
    );
  if (query.error) return <UnexpectedErrorPage error={query.error} />;
  if (!group) return <Spinner />;
  return (
    <section data-testid="group-manage">
      <Link to={to('user.workgroups')}>← {t('pages.user.workgroups')}</Link>
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={1} className="page-title" style={{ marginBottom: 8 }}>
          {group.name} <GroupStatusTag status={group.status} />
        </Typography.Title>
        <Space wrap>
          {group.status === 'PUBLISHED' ? (
            <Link to={to('workgroups.show', { slug: group.slug })}>
              <Button icon={<EyeOutlined />}>{t('groups.publicPage')}</Button>
            </Link>
          ) : null}
          <Link to={to('user.workgroups.edit', { hash })}>
            <Button icon={<EditOutlined />}>{t('groups.edit')}</Button>
          </Link>
        </Space>
      </Space>
      <SubmitForReview group={group} />
      <Card>
        <Tabs
          // requests waiting come first; otherwise the wall of a published group
          defaultActiveKey={group.requests || group.status !== 'PUBLISHED' ? 'members' : 'wall'}
          items={[
            ...(group.status === 'PUBLISHED'
              ? [
                  {
                    key: 'wall',
                    label: t('groups.tabs.wall'),
                    children: (
                      <Wall
                        slug={group.slug}
                        viewer={{ hash: me?.iss === 'user' ? me.hash : null, canPost: true, runs: group.hash }}
                      />
                    ),
                  },
                ]
              : []),
            {
              key: 'members',
              label: group.requests
                ? t('groups.tabs.membersWaiting', { count: group.requests })
                : t('groups.tabs.members'),
              children: <MembersTab group={group} />,
            },
            { key: 'files', label: t('groups.tabs.files'), children: <FilesTab group={group} /> },
            {
              key: 'settings',
              label: t('groups.tabs.settings'),
              children: (
                <>
                  <Typography.Paragraph>{t(`groups.settings.${group.type}`)}</Typography.Paragraph>
                  <Typography.Paragraph type="secondary">{t('groups.settings.handOver')}</Typography.Paragraph>
                  <Link to={to('user.workgroups.edit', { hash })}>{t('groups.edit')}</Link>
                </>
              ),
            },
          ]}
        />
      </Card>
    </section>
  );
}
