import { Avatar } from 'antd';
import { Alert, Descriptions, Skeleton, Space, Tag } from '../../../components/light';
import { usePublicOne } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TAG_COLORS } from '../../../theme';
import { useLocale } from '../../../hooks/useLocale';
import { useIdentity } from '../../../hooks/useIdentity';
import { profileTab } from '../../../routing/profileTab';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import type { Member } from './types';
import { ExtraFields } from '../../../components/ExtraFields';
import { WriteButton } from '../../user/messages/WriteButton';

/** A member of the directory. What is shown is what the server gave this caller (privacy and tier). */
export default function DirectoryShowPage() {
  const params = useParams();
  const hash = params['hash'] ?? params['slug'] ?? '';
  const { t } = useTranslation();
  const { to } = useLocale();
  const me = useIdentity();
  const { record: member, ...query } = usePublicOne<Member>('users', hash);
  const name = member ? `${member.name} ${member.surname1} ${member.surname2 ?? ''}`.trim() : '';
  useDocumentTitle(`${name || t('pages.community.directory.show')} · Alumni`);
  if (query.isLoading) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (query.error?.statusCode === 404) return <NotFoundPage />;
  if (query.error || !member) return <UnexpectedErrorPage error={query.error} />;
  return (
    <article className="job-detail">
      <Link to={to('community.directory')}>← {t('directory.back')}</Link>
      <div className="member-head" style={{ marginTop: 24 }}>
        <Avatar
          size={96}
          style={{ flex: 'none' }}
          src={member.photo ?? undefined}
          alt={t('directory.photoAlt', { name })}
        >
          {member.name[0]}
          {member.surname1[0]}
        </Avatar>
        <div>
          <h1>{name}</h1>
          <Space wrap>
            <Tag>{t(`profileType.${member.profile_type}`)}</Tag>
            {member.is_ambassador ? <Tag color={TAG_COLORS.AMBASSADOR}>{t('directory.ambassador')}</Tag> : null}
            {member.is_entrepreneur ? <Tag color={TAG_COLORS.ENTREPRENEUR}>{t('directory.entrepreneur')}</Tag> : null}
            {me?.iss === 'user' && me.hash !== member.hash ? (
              <WriteButton area="user" target={{ to: member.hash, name }} size="small" />
            ) : null}
          </Space>
        </div>
      </div>
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" style={{ margin: '24px 0' }}>
        <Descriptions.Item label={t('directory.filters.category')}>{member.category?.title ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('directory.filters.year')}>{member.graduation_year ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('directory.filters.country')}>{member.country_name ?? '—'}</Descriptions.Item>
        {!member.locked ? (
          <Descriptions.Item label={t('directory.filters.location')}>{member.city ?? '—'}</Descriptions.Item>
        ) : null}
        {!member.locked && member.current_job ? (
          <Descriptions.Item label={t('jobs.company')}>
            {member.current_company
              ? t('directory.works', { job: member.current_job, company: member.current_company })
              : member.current_job}
          </Descriptions.Item>
        ) : null}
        <ExtraFields extra={member.extra} />
      </Descriptions>
      {member.tags?.length ? (
        <Space wrap>
          {member.tags.map((tag) => (
            <Tag key={tag.hash}>{tag.title}</Tag>
          ))}
        </Space>
      ) : null}
      {member.locked ? (
        <Alert
          type="info"
          showIcon
          message={t('prompt.upgrade.title')}
          description={
            <>
              {t('directory.locked')}{' '}
              <Link to={me?.iss === 'user' ? profileTab(to, 'membership') : to('alumni')}>
                {t('prompt.upgrade.cta')}
              </Link>
            </>
          }
        />
      ) : null}
    </article>
  );
}
