import { Tag } from '../../../../components/light';
import { Card } from '../../../../components/Card';
import { LockOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../../components/SafeImage';
import { TAG_COLORS } from '../../../../theme';
import { useLocale } from '../../../../hooks/useLocale';
import type { Workgroup } from '../types';

export function WorkgroupCard({ group }: { group: Workgroup }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Card
      className="article-card"
      data-testid="workgroup-card"
      cover={<SafeImage src={group.image ?? undefined} alt="" className="card-cover" width={640} height={360} />}
    >
      <Tag icon={group.type === 'PRIVATE' ? <LockOutlined /> : undefined} color={TAG_COLORS[group.type]}>
        {t(`workgroups.type.${group.type}`)}
      </Tag>
      {group.typology ? <Tag data-testid="typology">{t(`workgroups.typology.${group.typology}`)}</Tag> : null}
      <h2>
        <Link to={to('workgroups.show', { slug: group.slug })}>{group.name}</Link>
      </h2>
      <p className="card-summary">{group.description}</p>
      <div className="job-meta" style={{ marginTop: 10 }}>
        <span>
          <TeamOutlined /> {t('workgroups.members', { count: group.members })}
        </span>
      </div>
    </Card>
  );
}
