/** /user/experiences/{hash}: the member's own view of an experience, with edit, delete and its public page. */
import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { EditOutlined, GlobalOutlined } from '@ant-design/icons';
import { useShow } from '@refinedev/core';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useLocale } from '../../../hooks/useLocale';
import { DeleteRecord } from '../portfolios/DeleteRecord';
import { Period } from './Period';
import type { Experience } from './types';
import { UnexpectedErrorPage } from '../../common/StatusPages';

export default function ExperienceShowPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const { hash = '' } = useParams();
  const { query } = useShow<Experience>({ resource: 'usr/workExperiences', id: hash });
  const record = query.data?.data;
  useDocumentTitle(`${record?.name ?? t('pages.user.experiences.show')} · Alumni`);

  if ((query.error as { statusCode?: number } | null)?.statusCode === 404)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('member.notFound')}
        action={<Link to={to('user.experiences')}>{t('pages.user.experiences')}</Link>}
      />
    );
  if (query.isLoading) return <Spinner />;
  if (!record) return <UnexpectedErrorPage error={query.error} />;

  return (
    <article data-testid="experience-show">
      <Link to={to('user.experiences')}>← {t('pages.user.experiences')}</Link>
      <Typography.Title level={1} className="page-title" style={{ marginBottom: 8 }}>
        {record.name}
      </Typography.Title>
      <Space wrap style={{ display: 'flex', marginBottom: 16 }}>
        <Link to={to('user.experiences.edit', { hash })}>
          <Button type="primary" icon={<EditOutlined />}>
            {t('member.edit')}
          </Button>
        </Link>
        <DeleteRecord
          resource="workExperiences"
          id={hash}
          name={record.name}
          onDeleted={() => navigate(to('user.experiences'))}
        />
        <Link to={to('experiences.show', { hash })} data-testid="public-link">
          <Button icon={<GlobalOutlined />}>{t('member.publicPage')}</Button>
        </Link>
      </Space>
      <Card>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('fields.company_name')}>{record.company_name}</Descriptions.Item>
          <Descriptions.Item label={t('experiences.period')}>
            <Period start={record.start} end={record.end} />
          </Descriptions.Item>
          {record.contract && (
            <Descriptions.Item label={t('fields.contract')}>{t(`jobs.contract.${record.contract}`)}</Descriptions.Item>
          )}
          {record.location && <Descriptions.Item label={t('fields.location')}>{record.location}</Descriptions.Item>}
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
          {record.content || t('member.noDescription')}
        </Typography.Paragraph>
      </Card>
    </article>
  );
}
