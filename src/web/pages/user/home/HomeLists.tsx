/** The member home's latest applications and followed groups with their latest post (issue 25 §13). */
import type { ReactNode } from 'react';
import { useList } from '@refinedev/core';
import { Button, Card, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { STATE_TAG_COLORS } from '../../../theme';
import { authorName, type WallComment, type Workgroup } from '../../public/workgroups/types';
import type { Application } from '../lists/ApplicationsPage';
import { STATUS_COLORS } from '../lists/applicationStatus';

const LATEST = 3;

function Block(props: { title: ReactNode; testId: string; more?: ReactNode; children: ReactNode }) {
  return (
    <Card title={props.title} extra={props.more} data-testid={props.testId}>
      {props.children}
    </Card>
  );
}

function EmptyState({ text, action }: { text: string; action: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
      {action}
    </Empty>
  );
}

export function ApplicationsBlock({ canApply, canUpgrade }: { canApply: boolean; canUpgrade: boolean }) {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const { query, result } = useList<Application>({
    resource: 'jobs',
    pagination: { currentPage: 1, pageSize: LATEST },
    filters: [{ field: 'subscribed_by_me', operator: 'eq', value: true }],
    queryOptions: { enabled: canApply },
  });
  const title = (
    <>
      <SolutionOutlined /> {t('memberHome.applications.title')}
    </>
  );
  if (!canApply) {
    // the job bank is a Bold benefit: say so and where to get it, rather than an empty list
    return (
      <Block title={title} testId="home-applications">
        <div data-testid="home-upgrade">
          <Typography.Paragraph>{t('memberHome.applications.bold')}</Typography.Paragraph>
          {canUpgrade ? (
            <Link to={to('user.card')}>
              <Button type="primary">{t('memberHome.applications.upgrade')}</Button>
            </Link>
          ) : null}
        </div>
      </Block>
    );
  }
  const items = result.data ?? [];
  return (
    <Block
      title={title}
      testId="home-applications"
      more={items.length ? <Link to={to('user.jobs.subscribed')}>{t('memberHome.seeAll')}</Link> : null}
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <EmptyState
          text={t('memberHome.applications.empty')}
          action={
            <Link to={to('jobs')}>
              <Button type="primary">{t('memberHome.applications.findJobs')}</Button>
            </Link>
          }
        />
      ) : (
        <List
          dataSource={items}
          renderItem={(job) => (
            <List.Item key={job.hash} data-testid="home-application">
              <List.Item.Meta
                title={
                  job.offer_status === 'PUBLISHED' ? (
                    <Link to={to('jobs.show', { slug: job.slug })}>{job.title}</Link>
                  ) : (
                    job.title
                  )
                }
                description={`${job.company.name} · ${formatDate(job.applied_at, lng)}`}
              />
              {job.outcome ? (
                <Tag color={job.outcome === 'HIRED' ? STATE_TAG_COLORS.success : 'default'}>
                  {t(`lists.applications.outcome.${job.outcome}`)}
                </Tag>
              ) : (
                <Tag color={STATUS_COLORS[job.status] ?? 'default'}>{t(`lists.applications.status.${job.status}`)}</Tag>
              )}
            </List.Item>
          )}
        />
      )}
    </Block>
  );
}

/** A followed group's latest post, when the member may read its wall. */
function LatestPost({ group }: { group: Workgroup }) {
  const { t } = useTranslation();
  const { lng } = useLocale();
  const { query, result } = useList<WallComment>({
    resource: 'comments',
    meta: { group: group.slug },
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: group.can_view },
  });
  if (!group.can_view) return <Typography.Text type="secondary">{t('memberHome.groups.private')}</Typography.Text>;
  if (query.isLoading) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  const post = result.data?.[0];
  if (!post) return <Typography.Text type="secondary">{t('memberHome.groups.quiet')}</Typography.Text>;
  return (
    <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }} data-testid="home-group-news">
      <Typography.Text type="secondary">
        {authorName(post.user, t)} · {formatDate(post.created_at, lng)}:
      </Typography.Text>{' '}
      {post.content}
    </Typography.Paragraph>
  );
}

export function GroupsBlock() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { query, result } = useList<Workgroup>({
    resource: 'workgroups',
    pagination: { currentPage: 1, pageSize: LATEST },
    filters: [{ field: 'subscribed_by_me', operator: 'eq', value: true }],
  });
  const items = result.data ?? [];
  return (
    <Block
      title={
        <>
          <TeamOutlined /> {t('memberHome.groups.title')}
        </>
      }
      testId="home-groups"
      more={items.length ? <Link to={to('user.workgroups.subscribed')}>{t('memberHome.seeAll')}</Link> : null}
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <EmptyState
          text={t('memberHome.groups.empty')}
          action={
            <Link to={to('workgroups')}>
              <Button type="primary">{t('memberHome.groups.find')}</Button>
            </Link>
          }
        />
      ) : (
        <List
          dataSource={items}
          renderItem={(group) => (
            <List.Item key={group.hash} data-testid="home-group">
              <List.Item.Meta
                title={<Link to={to('workgroups.show', { slug: group.slug })}>{group.name}</Link>}
                description={<LatestPost group={group} />}
              />
            </List.Item>
          )}
        />
      )}
    </Block>
  );
}
