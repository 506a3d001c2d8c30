import { Image } from 'antd';
import type { Portfolio as GeneratedPortfolio } from '../../../../shared/schema-types';
import { Skeleton, Space } from '../../../components/light';
import { Card } from '../../../components/Card';
import { LinkOutlined, PaperClipOutlined } from '@ant-design/icons';
import { usePublicOne } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { ListPage } from '../../../components/lists/ListPage';
import { useListPage } from '../../../components/lists/useListPage';
import { SafeImage } from '../../../components/SafeImage';
import { useLocale } from '../../../hooks/useLocale';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';

/** A project as GET /api/portfolios answers it (schemas/portfolio.json): the public answer names its author. */
export type Portfolio = GeneratedPortfolio & Required<Pick<GeneratedPortfolio, 'user'>>;

export function PortfolioListPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const list = useListPage<Portfolio>('portfolios', PAGE_SIZES.portfolios, ['users']);
  return (
    <ListPage
      title={t('pages.portfolios')}
      section="user"
      items={list.items}
      loading={list.loading}
      total={list.total}
      page={list.page}
      span={{ xs: 24, md: 12, xl: 6 }}
      render={(p) => (
        <Card
          className="article-card"
          cover={<SafeImage src={p.images[0]?.url} alt="" className="card-cover" width={640} height={360} />}
        >
          <h2 className="card-title">
            <Link to={to('portfolios.show', { hash: p.hash })}>{p.name}</Link>
          </h2>
          <p className="muted">
            {p.user.name} {p.user.surname1}
          </p>
        </Card>
      )}
    />
  );
}

export function PortfolioShowPage() {
  const { hash = '' } = useParams();
  const { t } = useTranslation();
  const { to } = useLocale();
  const { record: p, ...query } = usePublicOne<Portfolio>('portfolios', hash);
  useDocumentTitle(`${p?.name ?? t('pages.portfolios.show')} · Alumni`);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.error?.statusCode === 404) return <NotFoundPage />;
  if (query.error || !p) return <UnexpectedErrorPage error={query.error} />;
  return (
    <article className="job-detail">
      <Link to={to('portfolios')}>← {t('pages.portfolios')}</Link>
      <h1>{p.name}</h1>
      <p className="muted">
        <Link to={to('community.directory.show', { hash: p.user.hash })}>
          {p.user.name} {p.user.surname1}
        </Link>
        {p.date ? ` · ${p.date}` : ''}
      </p>
      <Image.PreviewGroup>
        <Space wrap size="middle" className="gallery">
          {p.images.map((image, i) => (
            <Image
              key={image.hash}
              src={image.url}
              alt={`${p.name} ${i + 1}`}
              width={280}
              fallback="/placeholder.svg"
            />
          ))}
        </Space>
      </Image.PreviewGroup>
      <p className="markdown" style={{ marginTop: 24 }}>
        {p.content}
      </p>
      {p.links.map((link) => (
        <p key={link.hash}>
          <a href={link.url} target="_blank" rel="noreferrer">
            <LinkOutlined /> {link.url}
          </a>
        </p>
      ))}
      {p.file ? (
        <p>
          <a href={p.file} download data-testid="portfolio-file">
            <PaperClipOutlined /> {t('portfolios.file.download', { name: p.file_name ?? '' })}
          </a>
        </p>
      ) : null}
    </article>
  );
}
