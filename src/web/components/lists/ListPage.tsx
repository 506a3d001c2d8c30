/** The frame of a public list page: heading, filters, results (or 'not found'), pagination. */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Col, Row, Skeleton } from '../light';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { ListPagination, NotFoundAlert } from '../ListStates';

export function ListPage<T>({
  title,
  subtitle,
  section,
  filters,
  items,
  loading,
  total,
  countLabel,
  page,
  render,
  span = { xs: 24, md: 12, xl: 8 },
  notice = false,
}: {
  title: string;
  subtitle?: string;
  section: string;
  filters?: ReactNode;
  items: T[];
  loading: boolean;
  total: number;
  countLabel?: string;
  page: { current: number; pageSize: number; pageCount: number; onChange: (page: number) => void };
  render: (item: T, index: number) => ReactNode;
  span?: { xs: number; md: number; xl: number };
  /** the link's filters could not be read (useListPage): say the whole list is shown instead */
  notice?: boolean;
}) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · Alumni`);
  return (
    <section className="section-band" style={{ ['--section' as string]: `var(--${section}, var(--primary))` }}>
      <header className="page-heading">
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </header>
      {/* a refused link's filters are dropped: the filter bar starts again from the cleaned values */}
      <Fragment key={notice ? 'cleaned' : 'linked'}>{filters}</Fragment>
      {notice ? (
        <Alert
          type="info"
          showIcon
          message={t('lists.badFilter')}
          data-testid="bad-filter"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <NotFoundAlert />
      ) : (
        <>
          {countLabel ? (
            <p className="list-count" aria-live="polite">
              {countLabel}
            </p>
          ) : null}
          <Row gutter={[16, 16]}>
            {items.map((item, i) => (
              <Col key={i} {...span}>
                {render(item, i)}
              </Col>
            ))}
          </Row>
        </>
      )}
      <ListPagination
        current={page.current}
        pageSize={page.pageSize}
        total={total}
        pageCount={page.pageCount}
        onChange={page.onChange}
      />
    </section>
  );
}
