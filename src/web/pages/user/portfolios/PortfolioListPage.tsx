/**
 * /user/portfolios: the member's own projects, drafts included (GET /usr/portfolios through OwnRecordsList, 24 a page
 * per SPEC §9): cover, name, date, published/draft tag, edit and delete (with a confirmation); an empty list invites
 * to create the first project.
 */
import { Button, Card, Col, Row, Space } from 'antd';
import { EditOutlined, PictureOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { OwnRecordsList } from '../../../components/lists/OwnRecordsList';
import { SafeImage } from '../../../components/SafeImage';
import { useLocale } from '../../../hooks/useLocale';
import { DeleteRecord } from './DeleteRecord';
import { StatusTag } from './StatusTag';
import type { Portfolio } from './types';

export default function PortfolioListPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  return (
    <OwnRecordsList<Portfolio>
      resource="usr/portfolios"
      pageSize={PAGE_SIZES.portfolios}
      title={t('pages.user.portfolios')}
      testId="user-portfolios"
      create={{ to: to('user.portfolios.new'), label: t('portfolios.create'), testId: 'create' }}
      empty={{
        icon: <PictureOutlined style={{ fontSize: 56, color: '#bbb' }} />,
        title: t('portfolios.empty.title'),
        text: t('portfolios.empty.text'),
      }}
    >
      {(items) => (
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
      )}
    </OwnRecordsList>
  );
}
