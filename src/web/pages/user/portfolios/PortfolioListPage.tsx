/**
 * /user/portfolios: the member's own projects, drafts included (GET /usr/portfolios with Refine's
 * useTable, 24 a page per SPEC §9): cover, name, date, published/draft tag, edit and delete (with a
 * confirmation); an empty list invites to create the first project.
 */
import { Alert, Button, Card, Col, Empty, Pagination, Row, Space, Typography } from 'antd';
import { EditOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { SafeImage } from '../../../components/SafeImage';
import { Spinner } from '../../../components/Spinner';
import { useLocale } from '../../../hooks/useLocale';
import { DeleteRecord } from './DeleteRecord';
import { StatusTag } from './StatusTag';
import type { Portfolio } from './types';

export default function PortfolioListPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(`${t('pages.user.portfolios')} · Alumni`);
  const { tableProps, tableQuery } = useTable<Portfolio>({
    resource: 'usr/portfolios',
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.portfolios },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const items = (tableProps.dataSource ?? []) as Portfolio[];
  const pagination = tableProps.pagination || undefined;
  const create = (
    <Link to={to('user.portfolios.new')}>
      <Button type="primary" icon={<PlusOutlined />} data-testid="create">
        {t('portfolios.create')}
      </Button>
    </Link>
  );

  return (
    <section data-testid="user-portfolios">
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {t('pages.user.portfolios')}
        </Typography.Title>
        {items.length > 0 && create}
      </Space>
      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('errors.unexpected.title')}
          action={<Button onClick={() => void tableQuery.refetch()}>{t('common.retry')}</Button>}
        />
      ) : tableQuery.isLoading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <Card>
          <Empty
            image={<PictureOutlined style={{ fontSize: 56, color: '#bbb' }} />}
            description={
              <>
                <Typography.Title level={4}>{t('portfolios.empty.title')}</Typography.Title>
                <Typography.Text type="secondary">{t('portfolios.empty.text')}</Typography.Text>
              </>
            }
          >
            {create}
          </Empty>
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {items.map((item) => (
              <Col key={item.hash} xs={24} sm={12} lg={8} data-testid="portfolio-card">
                <Card
                  hoverable
                  cover={
                    <Link
                      to={to('user.portfolios.show', { hash: item.hash })}
                      aria-label={item.name}
                      style={{ display: 'block', aspectRatio: '3 / 2', background: '#f2f2f2', overflow: 'hidden' }}
                    >
                      {item.images[0] ? (
                        <SafeImage
                          src={item.images[0].url}
                          alt=""
                          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                        />
                      ) : (
                        <span
                          style={{
                            display: 'flex',
                            height: '100%',
                            alignItems: 'center',
                            justifyContent: 'center',
                            color: '#999',
                          }}
                        >
                          <PictureOutlined style={{ fontSize: 40 }} />
                        </span>
                      )}
                    </Link>
                  }
                  actions={[
                    <Button
                      key="edit"
                      type="link"
                      icon={<EditOutlined />}
                      onClick={() => navigate(to('user.portfolios.edit', { hash: item.hash }))}
                    >
                      {t('member.edit')}
                    </Button>,
                    <DeleteRecord key="delete" resource="portfolios" id={item.hash} name={item.name} />,
                  ]}
                >
                  <Card.Meta
                    title={<Link to={to('user.portfolios.show', { hash: item.hash })}>{item.name}</Link>}
                    description={
                      <Space size={8} wrap>
                        <StatusTag status={item.status} />
                        {item.date && <span>{item.date}</span>}
                        <span>{t('portfolios.imageCount', { count: item.images.length })}</span>
                      </Space>
                    }
                  />
                </Card>
              </Col>
            ))}
          </Row>
          {pagination && (pagination.total ?? 0) > PAGE_SIZES.portfolios && (
            <Pagination
              style={{ marginTop: 24, textAlign: 'center' }}
              {...pagination}
              hideOnSinglePage
              showSizeChanger={false}
              onChange={(page, size) => pagination.onChange?.(page, size)}
            />
          )}
        </>
      )}
    </section>
  );
}
