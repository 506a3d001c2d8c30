/**
 * /company/jobs/{hash}: one offer as its company sees it — status (and why, when rejected), the moves open to it,
 * applicants by status, the description as published, and its history (every move, who and why).
 */
import { useShow } from '@refinedev/core';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Statistic, Timeline, Typography } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OFFER_EDITABLE } from '../../../../shared/offerMoves';
import { Markdown } from '../../../components/Markdown';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import { OfferMoves } from './components/OfferMoves';
import { useOfferMove } from './components/useOfferMove';
import { OfferDelete } from './components/OfferDelete';
import { UploadField } from '../../../forms/widgets/UploadField';
import { formatSalary } from '../../../lib/salary';
import { OfferStatusTag } from './components/OfferStatusTag';
import type { Offer } from './types';

export default function OfferShowPage() {
  const { hash = '' } = useParams();
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const { query } = useShow<Offer>({ resource: 'com/jobs', id: hash, errorNotification: false });
  const moves = useOfferMove();
  const refetch = query.refetch;
  const offer = query.data?.data;
  useDocumentTitle(`${offer?.title ?? t('pages.company.jobs.show')} · Alumni`);
  if (query.isLoading) return <Spinner />;
  if ((query.error as { statusCode?: number } | null)?.statusCode === 404) return <NotFoundPage />;
  if (query.error || !offer) return <UnexpectedErrorPage error={query.error} />;
  const counts = offer.applicants ?? {};
  return (
    <section data-testid="offer-show">
      <Link to={to('company.jobs')}>← {t('pages.company.jobs')}</Link>
      <Space wrap align="center" style={{ width: '100%', justifyContent: 'space-between', margin: '12px 0' }}>
        <Space wrap align="center">
          <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
            {offer.title}
          </Typography.Title>
          <OfferStatusTag status={offer.status} />
        </Space>
        <Space wrap>
          {offer.status === 'PUBLISHED' && offer.slug ? (
            <Link to={to('jobs.show', { slug: offer.slug })}>
              <Button icon={<EyeOutlined />}>{t('offers.seePublic')}</Button>
            </Link>
          ) : null}
          {OFFER_EDITABLE.includes(offer.status) ? (
            <Link to={to('company.jobs.edit', { hash })}>
              <Button icon={<EditOutlined />}>{t('offers.edit')}</Button>
            </Link>
          ) : null}
          <OfferMoves offer={offer} moves={moves} />
          <OfferDelete hash={hash} />
        </Space>
      </Space>
      <Alert
        type={offer.status === 'REJECTED' ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        message={t(`offers.explain.${offer.status}`, { date: formatDate(offer.expires_at, lng, 'long') })}
        description={
          offer.status === 'REJECTED' && offer.reason ? `${t('offers.rejectedBecause')} ${offer.reason}` : undefined
        }
        data-testid="offer-explain"
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('fields.location')}>{offer.location}</Descriptions.Item>
              <Descriptions.Item label={t('fields.contract')}>{t(`jobs.contract.${offer.contract}`)}</Descriptions.Item>
              {formatSalary(offer, lng, t) ? (
                <Descriptions.Item label={t('jobs.salary')}>{formatSalary(offer, lng, t)}</Descriptions.Item>
              ) : null}
              {offer.working ? (
                <Descriptions.Item label={t('fields.working')}>{t(`jobs.working.${offer.working}`)}</Descriptions.Item>
              ) : null}
              {offer.workstation ? (
                <Descriptions.Item label={t('fields.workstation')}>
                  {t(`jobs.workstation.${offer.workstation}`)}
                </Descriptions.Item>
              ) : null}
              {offer.area ? (
                <Descriptions.Item label={t('offers.tagGroup.area')}>{offer.area.title}</Descriptions.Item>
              ) : null}
              {offer.specialty ? (
                <Descriptions.Item label={t('offers.tagGroup.specialty')}>{offer.specialty.title}</Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('offers.created')}>{formatDate(offer.cdate, lng, 'long')}</Descriptions.Item>
              <Descriptions.Item label={t('offers.expires')}>
                {formatDate(offer.expires_at, lng, 'long')}
              </Descriptions.Item>
            </Descriptions>
            <Markdown source={offer.description ?? ''} className="markdown" />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            title={t('offers.applicants')}
            style={{ marginBottom: 16 }}
            extra={
              <Link to={to('company.jobs.users', { hash })} data-testid="to-candidates">
                {t('candidates.open')}
              </Link>
            }
          >
            <Statistic
              title={t('offers.views')}
              value={offer.views ?? 0}
              style={{ marginBottom: 12 }}
              data-testid="offer-views"
            />
            <Row gutter={8}>
              {(['PENDING', 'ACCEPTED', 'CANCELLED'] as const).map((status) => (
                <Col span={8} key={status}>
                  <Statistic title={t(`lists.applications.status.${status}`)} value={counts[status] ?? 0} />
                </Col>
              ))}
            </Row>
          </Card>
          <Card title={t('offers.file')} style={{ marginBottom: 16 }} data-testid="offer-file">
            <UploadField
              kind="offerFile"
              path={`jobs/${hash}/file`}
              value={offer.file ?? null}
              fileName={offer.file_name ?? undefined}
              disabled={!OFFER_EDITABLE.includes(offer.status)}
              onChange={() => void refetch()}
            />
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {t('offers.fileHelp')}
            </Typography.Paragraph>
          </Card>
          <Card title={t('offers.history')}>
            <Timeline
              items={(offer.history ?? []).map((move) => ({
                color: move.to === 'REJECTED' ? 'red' : move.to === 'PUBLISHED' ? 'green' : 'blue',
                children: (
                  <>
                    <strong>{t(`offers.historyMove.${move.to}`)}</strong> · {t(`offers.by.${move.by}`)}
                    <div className="muted">{formatDate(move.at, lng, 'dateTime')}</div>
                    {move.reason ? <div>{move.reason}</div> : null}
                  </>
                ),
              }))}
            />
          </Card>
        </Col>
      </Row>
    </section>
  );
}
