/**
 * One figure of the dashboard: its title, the chart (the chart library arrives lazily, in a box of the chart's height so
 * nothing moves when it does) and its numbers as a table, beside the chart on a wide screen or below it. A figure is a
 * card of its own, or `bare` (a smaller heading, no card) inside a card that groups several (the survey).
 */
import { Card, Col, Row, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ChartProps } from './DashboardChart';

const DashboardChart = lazy(() => import('./DashboardChart'));

interface Props {
  id: string;
  title: string;
  note?: ReactNode;
  chart: ChartProps | null;
  table: ReactNode;
  /** `beside`: chart and table side by side from 992 px; `below`: the table under the chart. */
  layout?: 'beside' | 'below';
  bare?: boolean;
}

export function DashboardSection({ id, title, note, chart, table, layout = 'below', bare = false }: Props) {
  const picture = chart && (
    <Suspense fallback={<div aria-hidden="true" style={{ height: chart.height ?? 260 }} />}>
      <DashboardChart {...chart} />
    </Suspense>
  );
  const body = (
    <>
      {note && <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>}
      {layout === 'beside' ? (
        <Row gutter={[24, 16]} align="middle">
          <Col xs={24} lg={14}>
            {picture}
          </Col>
          <Col xs={24} lg={10}>
            {table}
          </Col>
        </Row>
      ) : (
        <>
          {picture}
          <div style={{ marginTop: picture ? 16 : 0 }}>{table}</div>
        </>
      )}
    </>
  );
  const heading = (
    <Typography.Title
      level={bare ? 4 : 3}
      id={`dashboard-${id}-title`}
      style={{ margin: bare ? '0 0 8px' : 0, fontSize: bare ? 15 : 16 }}
    >
      {title}
    </Typography.Title>
  );
  return (
    <section aria-labelledby={`dashboard-${id}-title`} data-testid={`dashboard-${id}`} style={{ height: '100%' }}>
      {bare ? (
        <>
          {heading}
          {body}
        </>
      ) : (
        <Card title={heading} style={{ height: '100%' }}>
          {body}
        </Card>
      )}
    </section>
  );
}

/** A card over several figures (the survey): its title, a note, and the figures. */
export function DashboardGroup({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`dashboard-${id}-title`} data-testid={`dashboard-${id}`}>
      <Card
        title={
          <Typography.Title level={3} id={`dashboard-${id}-title`} style={{ margin: 0, fontSize: 16 }}>
            {title}
          </Typography.Title>
        }
      >
        <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>
        {children}
      </Card>
    </section>
  );
}
