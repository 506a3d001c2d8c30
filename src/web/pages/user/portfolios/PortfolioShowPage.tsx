/**
 * /user/portfolios/{hash}: the member's own view of a project (drafts too) with edit and delete, and a
 * link to its public page when it is published.
 */
import { Alert, Button, Card, Image, Space, Typography } from 'antd';
import { EditOutlined, GlobalOutlined, LinkOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useShow } from '@refinedev/core';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useLocale } from '../../../hooks/useLocale';
import { DeleteRecord } from './DeleteRecord';
import { StatusTag } from './StatusTag';
import type { Portfolio } from './types';
import { UnexpectedErrorPage } from '../../common/StatusPages';

export default function PortfolioShowPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const { hash = '' } = useParams();
  const { query } = useShow<Portfolio>({ resource: 'usr/portfolios', id: hash });
  const record = query.data?.data;
  useDocumentTitle(`${record?.name ?? t('pages.user.portfolios.show')} · Alumni`);

  if ((query.error as { statusCode?: number } | null)?.statusCode === 404)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('member.notFound')}
        action={<Link to={to('user.portfolios')}>{t('pages.user.portfolios')}</Link>}
      />
    );
  if (query.isLoading) return <Spinner />;
  if (!record) return <UnexpectedErrorPage error={query.error} />;

  return (
    <article data-testid="portfolio-show">
      <Link to={to('user.portfolios')}>← {t('pages.user.portfolios')}</Link>
      <Typography.Title level={1} className="page-title" style={{ marginBottom: 8 }}>
        {record.name}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <StatusTag status={record.status} />
        {record.date && <Typography.Text type="secondary">{record.date}</Typography.Text>}
      </Space>
      <Space wrap style={{ display: 'flex', marginBottom: 16 }}>
        <Link to={to('user.portfolios.edit', { hash })}>
          <Button type="primary" icon={<EditOutlined />}>
            {t('member.edit')}
          </Button>
        </Link>
        <DeleteRecord
          resource="portfolios"
          id={hash}
          name={record.name}
          onDeleted={() => navigate(to('user.portfolios'))}
        />
        {record.status === 'PUBLISHED' ? (
          <Link to={to('portfolios.show', { hash })} data-testid="public-link">
            <Button icon={<GlobalOutlined />}>{t('member.publicPage')}</Button>
          </Link>
        ) : (
          <Typography.Text type="secondary">{t('portfolios.draftHint')}</Typography.Text>
        )}
      </Space>
      <Card>
        {record.images.length > 0 && (
          <Image.PreviewGroup>
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
                gap: 12,
                marginBottom: 16,
              }}
            >
              {record.images.map((image, index) => (
                <Image
                  key={image.hash}
                  src={image.url}
                  alt={t('portfolios.images.alt', { n: index + 1 })}
                  width="100%"
                  height={160}
                  style={{ objectFit: 'cover' }}
                />
              ))}
            </div>
          </Image.PreviewGroup>
        )}
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
          {record.content || t('member.noDescription')}
        </Typography.Paragraph>
        {record.links.length > 0 && (
          <ul style={{ paddingLeft: 0, listStyle: 'none' }}>
            {record.links.map((link) => (
              <li key={link.hash} style={{ overflowWrap: 'anywhere' }}>
                <LinkOutlined />{' '}
                <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
                  {link.url}
                </a>
              </li>
            ))}
          </ul>
        )}
        {record.file ? (
          <p>
            <a href={record.file} download data-testid="portfolio-file">
              <PaperClipOutlined /> {t('portfolios.file.download', { name: record.file_name ?? '' })}
            </a>
          </p>
        ) : null}
      </Card>
    </article>
  );
}
