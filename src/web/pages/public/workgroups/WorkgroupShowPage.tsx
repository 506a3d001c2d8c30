import { useState, type ReactNode } from 'react';
import { Avatar, List, Tabs } from 'antd';
import { Alert, Button, Skeleton, Space, Tag } from '../../../components/light';
import { LockOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { usePublicList, usePublicOne } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FILE_LINK_REFRESH_MS, PAGE_SIZES } from '../../../../shared/constants';
import { ListPagination, NotFoundAlert } from '../../../components/ListStates';
import { MemberPrompt } from '../../../components/MemberPrompt';
import { SafeImage } from '../../../components/SafeImage';
import { useLocale } from '../../../hooks/useLocale';
import { useMemberAction } from '../../../hooks/useMemberAction';
import { useIdentity } from '../../../hooks/useIdentity';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import { Wall } from './components/Wall';
import { JoinRequestModal } from './components/JoinRequestModal';
import { authorName, type Author, type Workgroup } from './types';
import { useFeedback } from '../../../providers/notifications';
import { formatDate } from '../../../lib/dates';

/** A paged tab of the group (files 6 a page, members 12). */
function PagedTab<T extends { hash: string }>({
  resource,
  pageSize,
  render,
  refetchInterval,
}: {
  resource: string;
  pageSize: number;
  render: (item: T) => ReactNode;
  refetchInterval?: number;
}) {
  const [page, setPage] = useState(1);
  const result = usePublicList<T>(resource, { page, size: pageSize }, { refetchInterval });
  const total = result.total;
  return (
    <>
      {result.items.length === 0 ? (
        <NotFoundAlert />
      ) : (
        <List dataSource={result.items} renderItem={(item) => <List.Item key={item.hash}>{render(item)}</List.Item>} />
      )}
      <ListPagination
        current={page}
        pageSize={pageSize}
        total={total}
        pageCount={Math.ceil(total / pageSize)}
        onChange={setPage}
        inUrl={false}
      />
    </>
  );
}

function Members({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <PagedTab<{ hash: string; user: Author }>
      resource={`workgroups/${slug}/users`}
      pageSize={PAGE_SIZES.workgroupUsers}
      render={(m) => (
        <List.Item.Meta
          avatar={
            <Avatar src={m.user.photo ?? undefined} alt={authorName(m.user, t)}>
              {authorName(m.user, t)[0]}
            </Avatar>
          }
          title={authorName(m.user, t)}
        />
      )}
    />
  );
}

function Files({ slug }: { slug: string }) {
  const { lng } = useLocale();
  return (
    <PagedTab<{ hash: string; name: string; url: string; updated_at: string }>
      resource={`workgroups/${slug}/files`}
      pageSize={PAGE_SIZES.workgroupFiles}
      refetchInterval={FILE_LINK_REFRESH_MS} // signed links expire after a few minutes
      render={(f) => (
        <span className="file-row">
          <a href={f.url} target="_blank" rel="noreferrer">
            {f.name}
          </a>
          <span className="muted">{formatDate(f.updated_at, lng)}</span>
        </span>
      )}
    />
  );
}

/** What joining leads to, said beside the button (issue 10 §4): the next step for this group and this visitor. */
function joinNext(group: Workgroup): string {
  if (group.membership === 'ACCEPTED') return 'workgroups.next.member';
  if (group.membership === 'PENDING') return 'workgroups.next.pending';
  return group.type === 'PRIVATE' ? 'workgroups.next.private' : 'workgroups.next.public';
}

export default function WorkgroupShowPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { to } = useLocale();
  const feedback = useFeedback();
  const { record: group, ...query } = usePublicOne<Workgroup>('workgroups', slug);
  const join = useMemberAction('workgroups', slug, 'subscribe', 'workgroups.subscribe');
  const me = useIdentity();
  const [asking, setAsking] = useState(false);
  useDocumentTitle(`${group?.name ?? t('pages.workgroups.show')} · Alumni`);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.error?.statusCode === 404) return <NotFoundPage />;
  if (query.error || !group) return <UnexpectedErrorPage error={query.error} />;
  const joinLabel =
    group.membership === 'ACCEPTED'
      ? 'workgroups.leave'
      : group.membership === 'PENDING'
        ? 'workgroups.pending'
        : group.type === 'PRIVATE'
          ? 'workgroups.request'
          : 'workgroups.join';
  return (
    <article className="job-detail">
      <Link to={to('workgroups')}>← {t('workgroups.back')}</Link>
      <SafeImage src={group.image ?? undefined} alt="" className="article-hero" />
      <Space wrap>
        <Tag icon={group.type === 'PRIVATE' ? <LockOutlined /> : undefined}>{t(`workgroups.type.${group.type}`)}</Tag>
        {group.typology ? <Tag data-testid="typology">{t(`workgroups.typology.${group.typology}`)}</Tag> : null}
      </Space>
      <h1>{group.name}</h1>
      <p className="markdown">{group.description}</p>
      <div className="job-meta">
        <span>
          <TeamOutlined /> {t('workgroups.members', { count: group.members })}
        </span>
        <span>
          {t('workgroups.admin', {
            name: group.admin.former ? t('user.formerMember') : `${group.admin.name} ${group.admin.surname1}`,
          })}
        </span>
      </div>
      {group.is_admin ? (
        <div className="article-actions">
          <Link to={to('user.workgroups.show', { hash: group.hash })} data-testid="group-run">
            <Button type="primary" icon={<SettingOutlined />}>
              {t('groups.runThis')}
            </Button>
          </Link>
        </div>
      ) : (
        <div className="article-actions">
          <Button
            data-testid="join"
            type={group.membership ? 'default' : 'primary'}
            loading={join.pending}
            onClick={() => {
              // asking to join a private group: first the optional message for its administrator
              if (group.type === 'PRIVATE' && !group.membership) return setAsking(true);
              join.run(({ active }) =>
                feedback.success(
                  t(
                    active
                      ? group.type === 'PRIVATE'
                        ? 'workgroups.requestedToast'
                        : 'workgroups.joinedToast'
                      : 'workgroups.leftToast',
                  ),
                ),
              );
            }}
          >
            {t(joinLabel)}
          </Button>
          <p className="muted join-next" data-testid="join-next">
            {t(joinNext(group))}
          </p>
        </div>
      )}
      {group.can_view ? (
        <Tabs
          items={[
            {
              key: 'wall',
              label: t('workgroups.wall'),
              children: (
                <Wall
                  slug={group.slug}
                  viewer={{
                    hash: me?.iss === 'user' ? me.hash : null,
                    canPost: group.is_admin || group.membership === 'ACCEPTED',
                    runs: group.is_admin ? group.hash : null,
                  }}
                />
              ),
            },
            { key: 'files', label: t('workgroups.files'), children: <Files slug={group.slug} /> },
            { key: 'members', label: t('workgroups.people'), children: <Members slug={group.slug} /> },
          ]}
        />
      ) : joinNext(group) === 'workgroups.next.private' ? null /* the join line already says who sees what */ : (
        <Alert type="info" showIcon icon={<LockOutlined />} message={t('workgroups.private')} />
      )}
      <MemberPrompt kind={join.prompt} onClose={join.closePrompt} />
      <JoinRequestModal
        open={asking}
        group={group.name}
        pending={join.pending}
        onCancel={() => setAsking(false)}
        onSend={(message) => {
          setAsking(false);
          join.run(() => feedback.success(t('workgroups.requestedToast')), undefined, message ? { message } : {});
        }}
      />
    </article>
  );
}
