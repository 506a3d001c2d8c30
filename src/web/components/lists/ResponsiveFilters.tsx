/**
 * A list's filters inline on a wide screen, in a "Filters" drawer on a phone (issue 25 §9: the directory's six
 * filters filled a 390 px screen before the first result). The drawer's button counts the active filters. The
 * server does not know the width: it renders the inline bar, which CSS hides on a phone until the page hydrates.
 */
import { lazy, Suspense, useState } from 'react';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNarrowScreen } from '../../hooks/useNarrowScreen';
import { Button } from '../light';
import { FilterBar, type FilterField } from './FilterBar';
import type { FilterValues } from './useListPage';

const FilterDrawerPanel = lazy(() => import('./FilterDrawerPanel'));

const isSet = (value: FilterValues[string]) => (Array.isArray(value) ? value.length > 0 : Boolean(value?.trim()));

export function ResponsiveFilters(props: {
  fields: FilterField[];
  initial: FilterValues;
  onChange: (values: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const active = props.fields.filter((field) => isSet(props.initial[field.name])).length;
  // one bar at a time, so its typing state is never split between two copies
  const bar = <FilterBar {...props} />;
  return (
    <>
      <div className="filters-inline">{narrow ? null : bar}</div>
      <div className="filters-toggle">
        <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="filters-open">
          {active ? t('lists.filters.count', { count: active }) : t('lists.filters.open')}
        </Button>
      </div>
      {narrow ? (
        <Suspense fallback={null}>
          <FilterDrawerPanel open={open} onClose={() => setOpen(false)}>
            {bar}
          </FilterDrawerPanel>
        </Suspense>
      ) : null}
    </>
  );
}
