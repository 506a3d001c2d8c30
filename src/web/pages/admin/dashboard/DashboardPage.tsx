/**
 * /{lng}/admin/dashboard (issue 14 §6): the association's figures — members by tier and status, membership, registrations
 * of the last 12 months, offers and applications by status, and the survey companies answer when closing an offer. One
 * Refine `useCustom` call to GET /adm/dashboard; each figure is a chart with its numbers in a table (figures.tsx).
 */
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '../../../../shared/schema-types';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { formatDate } from '../../../lib/dates';
import { useFigures } from './figures';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { lng } = useLocale();
  useDocumentTitle(`${t('admin.dashboard.title')} · Alumni`);
  const { query } = useCustom<AdminDashboard>({ url: '/adm/dashboard', method: 'get', queryOptions: { staleTime: 0 } });
  // `result.data` is an empty object while loading: the query's own data is undefined until the answer arrives
  const data = query.data?.data;
  const figures = useFigures(data);

  if (query.isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('admin.dashboard.error')}
        action={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('admin.dashboard.retry')}
          </Button>
        }
      />
    );
  }
  if (!data || !figures) return <Spinner />;

  return (
    <section data-testid="admin-dashboard" className="admin-dashboard">
      <Space align="baseline" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('admin.dashboard.title')}
        </Typography.Title>
        <Space wrap>
          <Typography.Text type="secondary" data-testid="dashboard-as-of">
            {t('admin.dashboard.asOf', { time: formatDate(data.generated_at, lng, 'dateTime') })}
          </Typography.Text>
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('admin.dashboard.refresh')}
          </Button>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">{t('admin.dashboard.intro')}</Typography.Paragraph>

      <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="dashboard-stats">
        {figures.stats.map((stat) => (
          <Col key={stat.key} flex="1 1 180px">
            <Card size="small" style={{ height: '100%' }}>
              <Statistic title={stat.label} value={stat.value} />
            </Card>
          </Col>
        ))}
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {figures.members}
        </Col>
        <Col xs={24} xl={8}>
          {figures.membership}
        </Col>
        <Col xs={24}>{figures.registrations}</Col>
        <Col xs={24} xl={12}>
          {figures.offers}
        </Col>
        <Col xs={24} xl={12}>
          {figures.applications}
        </Col>
        <Col xs={24}>{figures.survey}</Col>
      </Row>
    </section>
  );
}
