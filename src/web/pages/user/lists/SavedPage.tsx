/**
 * /user/articles/saved: the member's saved news and events (GET /api/articles?saved_by_me=true, 9 a page),
 * switchable to news or events only, or to the events they registered for (?subscribed_by_me=true).
 * Each card links to the public article; "remove" un-saves it (or cancels the registration, after a confirmation).
 */
import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Grid, Popconfirm, Row, Segmented, Space, Tag, Typography } from 'antd';
import { BookOutlined, CheckCircleOutlined, DeleteOutlined, StarOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { SafeImage } from '../../../components/SafeImage';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { TAG_COLORS } from '../../../theme';
import type { Article } from '../../public/news/types';
import { ListFrame } from './ListFrame';
import { useEmptyPageStepBack } from './useEmptyPageStepBack';
import { useToggle } from './useToggle';

const VIEWS = ['all', 'NEWS', 'EVENT', 'registered'] as const;
type View = (typeof VIEWS)[number];

function filtersOf(view: View): CrudFilter[] {
  if (view === 'registered') return [{ field: 'subscribed_by_me', operator: 'eq', value: true }];
  const saved: CrudFilter = { field: 'saved_by_me', operator: 'eq', value: true };
  return view === 'all' ? [saved] : [saved, { field: 'type', operator: 'eq', value: view }];
}

export default function SavedPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('all');
  const narrow = Grid.useBreakpoint().sm === false;
  useDocumentTitle(`${t('pages.user.articles.saved')} · Alumni`);
  const controls = (
    <Segmented<View>
      data-testid="saved-view"
      value={view}
      onChange={setView}
      options={VIEWS.map((value) => ({ value, label: t(`lists.saved.view.${value}`) }))}
      // four labels do not fit side by side on a phone in every language: stacked there
      vertical={narrow}
      block={narrow}
      style={{ maxWidth: '100%' }}
    />
  );
  // one table per view: switching starts again at page 1 with that view's filters
  return <SavedList key={view} view={view} controls={controls} />;
}

function SavedList({ view, controls }: { view: View; controls: ReactNode }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const table = useTable<Article>({
    resource: 'articles',
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.articles },
    sorters: { mode: 'off' },
    filters: { mode: 'server', permanent: filtersOf(view) },
  });
  const { tableProps, tableQuery } = table;
  const items = (tableProps.dataSource ?? []) as Article[];
  useEmptyPageStepBack(table, items.length);
  const total = tableProps.pagination ? (tableProps.pagination.total ?? 0) : 0;
  const registeredView = view === 'registered';
  return (
    <ListFrame
      testId="user-saved"
      title={t('pages.user.articles.saved')}
      count={t(registeredView ? 'lists.saved.registeredCount' : 'lists.saved.count', { count: total })}
      controls={controls}
      query={tableQuery}
      isEmpty={items.length === 0}
      pagination={tableProps.pagination}
      pageSize={PAGE_SIZES.articles}
      empty={{
        icon: <BookOutlined style={{ fontSize: 56, color: '#9aa0a6' }} />,
        title: t(registeredView ? 'lists.saved.emptyRegistered.title' : 'lists.saved.empty.title'),
        text: t(registeredView ? 'lists.saved.emptyRegistered.text' : 'lists.saved.empty.text'),
        action: (
          <Link to={to('news')}>
            <Button type="primary">{t('lists.saved.empty.cta')}</Button>
          </Link>
        ),
      }}
    >
      <Row gutter={[16, 16]}>
        {items.map((article) => (
          <Col key={article.hash} xs={24} sm={12} lg={8}>
            <SavedCard article={article} registeredView={registeredView} />
          </Col>
        ))}
      </Row>
    </ListFrame>
  );
}

function SavedCard({ article, registeredView }: { article: Article; registeredView: boolean }) {
  const { t } = useTranslation();
  const { to, lng } = useLocale();
  const unsave = useToggle('articles', 'save');
  const unregister = useToggle('articles', 'subscribe');
  const remove = registeredView ? (
    <Popconfirm
      key="remove"
      title={t('lists.saved.unregisterConfirm.title')}
      description={t('lists.saved.unregisterConfirm.text', { title: article.title })}
      okText={t('lists.saved.unregister')}
      cancelText={t('member.cancel')}
      okButtonProps={{ danger: true, loading: unregister.pending }}
      onConfirm={() => unregister.run(article.hash, () => t('news.unsubscribedToast'))}
    >
      <Button type="link" danger icon={<DeleteOutlined />} loading={unregister.pending} data-testid="unregister">
        {t('lists.saved.unregister')}
      </Button>
    </Popconfirm>
  ) : (
    <Button
      key="remove"
      type="link"
      danger
      icon={<DeleteOutlined />}
      loading={unsave.pending}
      data-testid="unsave"
      onClick={() => unsave.run(article.hash, () => t('news.unsavedToast'))}
    >
      {t('lists.saved.unsave')}
    </Button>
  );
  return (
    <Card
      className="article-card"
      data-testid="saved-card"
      cover={
        <Link to={to('news.show', { slug: article.slug })} tabIndex={-1} aria-hidden>
          <SafeImage src={article.image ?? undefined} alt="" className="card-cover" />
        </Link>
      }
      actions={[remove]}
    >
      <Space size={[4, 4]} wrap>
        <Tag color={TAG_COLORS[article.type]}>{t(`news.type.${article.type}`)}</Tag>
        {article.subscribed ? (
          <Tag icon={<StarOutlined />} color="gold" data-testid="registered-tag">
            {t('lists.saved.registered')}
          </Tag>
        ) : null}
        {registeredView && article.saved ? <Tag icon={<CheckCircleOutlined />}>{t('news.saved')}</Tag> : null}
      </Space>
      <h2 className="card-title">
        <Link to={to('news.show', { slug: article.slug })}>{article.title}</Link>
      </h2>
      <Typography.Text type="secondary">
        {formatDate(`${article.date}T12:00:00`, lng, 'long')}
        {article.hour ? ` · ${article.hour}` : ''}
        {article.location ? ` · ${article.location}` : ''}
      </Typography.Text>
      {article.summary ? (
        <p className="card-summary" style={{ marginTop: 8 }}>
          {article.summary}
        </p>
      ) : null}
    </Card>
  );
}
