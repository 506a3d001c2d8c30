import { Avatar } from 'antd';
import { Tag } from '../../../../components/light';
import { Card } from '../../../../components/Card';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TAG_COLORS } from '../../../../theme';
import { useLocale } from '../../../../hooks/useLocale';
import type { Member } from '../types';

export function MemberCard({
  member,
  kind = 'directory',
}: {
  member: Member;
  kind?: 'directory' | 'ambassadors' | 'entrepreneurs';
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const name = `${member.name} ${member.surname1}`;
  return (
    <Card className="directory-card" data-testid="directory-card">
      <div className="member-head">
        <Avatar size={56} src={member.photo ?? undefined} alt={t('directory.photoAlt', { name })}>
          {member.name[0]}
          {member.surname1[0]}
        </Avatar>
        <div>
          <h2 className="card-title">
            <Link
              to={
                kind === 'directory' || !member.slug
                  ? to('community.directory.show', { hash: member.hash })
                  : to(`community.${kind}.show`, { slug: member.slug })
              }
            >
              {name}
            </Link>
          </h2>
          <div className="muted">{member.category?.title}</div>
        </div>
      </div>
      <div className="job-meta">
        {member.graduation_year ? <span>{t('directory.class', { year: member.graduation_year })}</span> : null}
        {member.country_name ? <span data-testid="country">{member.country_name}</span> : null}
        {member.current_job ? (
          <span>
            {member.current_company
              ? t('directory.works', { job: member.current_job, company: member.current_company })
              : member.current_job}
          </span>
        ) : null}
      </div>
      {member.is_ambassador ? <Tag color={TAG_COLORS.AMBASSADOR}>{t('directory.ambassador')}</Tag> : null}
      {member.is_entrepreneur ? <Tag color={TAG_COLORS.ENTREPRENEUR}>{t('directory.entrepreneur')}</Tag> : null}
    </Card>
  );
}
