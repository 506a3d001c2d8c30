/**
 * The public job bank — the pattern every list copies: Refine's useTable (filters and page kept in
 * the URL), debounced filters that reset the page, pagination only when needed, a 'not found' alert.
 */
import { useCallback } from 'react';
import { Col, Row, Skeleton } from 'antd';
import { useTable, type CrudFilter } from '@refinedev/core';
import { useDocumentTitle } from '@refinedev/react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { ListPagination, NotFoundAlert } from '../../../components/ListStates';
import { JobCard } from './components/JobCard';
import { JobFilters, type JobFilterValues } from './components/JobFilters';
import type { JobSummary } from './types';

const valueOf = (filters: CrudFilter[], field: string) => filters.find((f) => 'field' in f && f.field === field)?.value;

export default function JobListPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('jobs.title')} · Alumni`);
  const { result, tableQuery, filters, setFilters, currentPage, setCurrentPage, pageCount, pageSize } = useTable<JobSummary>({
    resource: 'jobs',
    pagination: { pageSize: PAGE_SIZES.jobs },
    syncWithLocation: true,
  });
  const initial: JobFilterValues = {
    text: String(valueOf(filters, 'text') ?? ''),
    contract: valueOf(filters, 'contract') as string | undefined,
    tags: String(valueOf(filters, 'tags') ?? '').split(',').filter(Boolean),
    location: String(valueOf(filters, 'location') ?? ''),
  };
  const onFilters = useCallback(
    (values: JobFilterValues) => {
      const next: CrudFilter[] = [
        { field: 'text', operator: 'eq', value: values.text.trim() || undefined },
        { field: 'contract', operator: 'eq', value: values.contract },
        { field: 'tags', operator: 'eq', value: values.tags.length ? values.tags.join(',') : undefined },
        { field: 'location', operator: 'eq', value: values.location.trim() || undefined },
      ];
      const changed = next.some((f) => 'field' in f && (valueOf(filters, f.field) ?? undefined) !== f.value);
      if (!changed) return;
      setFilters(next, 'replace');
      setCurrentPage(1); // SPEC §4: any filter but page resets page to 1
    },
    [filters, setFilters, setCurrentPage],
  );
  const jobs = result.data;
  return (
    <section className="section-band" style={{ ['--section' as string]: 'var(--job)' }}>
      <header className="page-heading">
        <h1>{t('jobs.title')}</h1>
        <p>{t('jobs.subtitle')}</p>
      </header>
      <JobFilters initial={initial} onChange={onFilters} />
      {tableQuery.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : jobs.length === 0 ? (
        <NotFoundAlert />
      ) : (
        <>
          <p className="list-count" aria-live="polite">
            {t('jobs.count', { count: result.total ?? 0 })}
          </p>
          <Row gutter={[16, 16]}>
            {jobs.map((job) => (
              <Col key={job.hash} xs={24} md={12} xl={8}>
                <JobCard job={job} />
              </Col>
            ))}
          </Row>
        </>
      )}
      <ListPagination current={currentPage} pageSize={pageSize} total={result.total ?? 0} pageCount={pageCount} onChange={setCurrentPage} />
    </section>
  );
}
