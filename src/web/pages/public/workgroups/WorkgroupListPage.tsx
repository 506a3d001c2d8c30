import { useIdentity } from '../../../hooks/useIdentity';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, WORKGROUP_TYPES } from '../../../../shared/constants';
import { FilterBar } from '../../../components/lists/FilterBar';
import { ListPage } from '../../../components/lists/ListPage';
import { useListPage } from '../../../components/lists/useListPage';
import { WorkgroupCard } from './components/WorkgroupCard';
import type { Workgroup } from './types';

const FIELDS = ['text', 'type', 'subscribed_by_me'];

export default function WorkgroupListPage() {
  const { t } = useTranslation();
  const list = useListPage<Workgroup>('workgroups', PAGE_SIZES.workgroups, FIELDS);
  const me = useIdentity();
  return (
    <ListPage
      title={t('workgroups.title')}
      subtitle={t('workgroups.subtitle')}
      section="group"
      items={list.items}
      loading={list.loading}
      total={list.total}
      countLabel={t('workgroups.count', { count: list.total })}
      page={list.page}
      notice={list.notice}
      render={(group) => <WorkgroupCard group={group} />}
      filters={
        <FilterBar
          initial={list.values}
          onChange={list.applyFilters}
          fields={[
            {
              name: 'text',
              kind: 'text',
              label: t('common.search'),
              placeholder: t('workgroups.filters.text'),
              span: 12,
            },
            {
              name: 'type',
              kind: 'choice',
              label: t('workgroups.filters.type'),
              options: WORKGROUP_TYPES.map((type) => ({ value: type, label: t(`workgroups.type.${type}`) })),
              span: 6,
            },
            // only members have groups of their own (the server refuses the filter to others)
            ...(me?.iss === 'user'
              ? [
                  {
                    name: 'subscribed_by_me',
                    kind: 'choice' as const,
                    label: t('workgroups.filters.mine'),
                    options: [{ value: 'true', label: t('workgroups.mine') }],
                    span: 6,
                  },
                ]
              : []),
          ]}
        />
      }
    />
  );
}
