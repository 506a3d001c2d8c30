/** The public job bank: the list pattern (components/lists) with the SPEC §3 job filters. */
import { useTranslation } from 'react-i18next';
import { CONTRACTS, PAGE_SIZES } from '../../../../shared/constants';
import { JOB_WORKSTATION } from '../../../../shared/codes';
import { FilterBar } from '../../../components/lists/FilterBar';
import { ListPage } from '../../../components/lists/ListPage';
import { useListPage } from '../../../components/lists/useListPage';
import { useTagOptions } from '../../../hooks/useTagOptions';
import { JobCard } from './components/JobCard';
import type { JobSummary } from './types';

const FIELDS = ['text', 'contract', 'tags', 'location', 'workstation', 'salary_min'];
/** The salary filter's steps: a yearly minimum in euros (the list's default currency and period, schemas/jobs.filter.json). */
const SALARY_STEPS = [20000, 30000, 40000, 50000, 60000];

export default function JobListPage() {
  const { t, i18n } = useTranslation();
  const euros = (value: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
      value,
    );
  const list = useListPage<JobSummary>('jobs', PAGE_SIZES.jobs, FIELDS);
  const tags = useTagOptions('USER');
  return (
    <ListPage
      title={t('jobs.title')}
      subtitle={t('jobs.subtitle')}
      section="job"
      items={list.items}
      loading={list.loading}
      total={list.total}
      countLabel={t('jobs.count', { count: list.total })}
      page={list.page}
      notice={list.notice}
      render={(job) => <JobCard job={job} />}
      filters={
        <FilterBar
          initial={list.values}
          onChange={list.applyFilters}
          fields={[
            { name: 'text', kind: 'text', label: t('common.search'), placeholder: t('jobs.filters.text'), span: 8 },
            {
              name: 'contract',
              kind: 'choice',
              label: t('jobs.filters.contract'),
              options: CONTRACTS.map((c) => ({ value: c, label: t(`jobs.contract.${c}`) })),
              span: 5,
            },
            { name: 'tags', kind: 'multi', slow: true, label: t('jobs.filters.tags'), options: tags },
            { name: 'location', kind: 'text', label: t('jobs.filters.location'), span: 5 },
            {
              name: 'workstation',
              kind: 'choice',
              label: t('jobs.filters.workstation'),
              options: JOB_WORKSTATION.map((w) => ({ value: w, label: t(`jobs.workstation.${w}`) })),
              span: 5,
            },
            {
              name: 'salary_min',
              kind: 'choice',
              label: t('jobs.filters.salary'),
              options: SALARY_STEPS.map((step) => ({
                value: String(step),
                label: t('jobs.filters.salaryAtLeast', { amount: euros(step) }),
              })),
              span: 5,
            },
          ]}
        />
      }
    />
  );
}
