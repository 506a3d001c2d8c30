/** Filters of a list, each debounced as SPEC §9 says (500 ms for text-like, 250 ms for choices). */
import { useEffect, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEBOUNCE_MS } from '../../../shared/constants';
import { useDebounced } from '../../hooks/useDebounced';
import { useHydrated } from '../../hooks/useHydrated';
import { LazySelect } from './LazySelect';
import type { FilterValues } from './useListPage';

export interface FilterField {
  name: string;
  label: string;
  kind: 'text' | 'choice' | 'multi';
  /** Text-like filters (location, category, country, tags) wait 500 ms; choices 250 ms. */
  slow?: boolean;
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
  /** Width on wide screens, in twenty-fourths of the row (6 by default). */
  span?: number;
}

function toArray(value: string | string[] | undefined): string[] {
  if (Array.isArray(value)) return value;
  return value ? value.split(',') : [];
}

/**
 * Plain labelled controls in a CSS grid: no antd Form (nothing is submitted, and the form engine
 * would be the heaviest part of a list page), native search inputs, and antd's Select for choices,
 * loaded on first use (LazySelect).
 */
export function FilterBar({
  fields,
  initial,
  onChange,
}: {
  fields: FilterField[];
  initial: FilterValues;
  onChange: (values: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [values, setValues] = useState<FilterValues>(initial);
  const slow = useDebounced(values, DEBOUNCE_MS.text);
  const fast = useDebounced(values, DEBOUNCE_MS.choice);
  // each field settles on its own delay
  const settled: FilterValues = Object.fromEntries(
    fields.map((f) => [f.name, (f.kind === 'text' || f.slow ? slow : fast)[f.name]]),
  );
  const key = JSON.stringify(settled);
  useEffect(() => {
    onChange(settled);
    // only when the settled values change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const set = (name: string, value: string | string[] | undefined) => setValues((prev) => ({ ...prev, [name]: value }));
  return (
    <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
      {fields.map((field) => {
        const id = `filter-${field.name}`;
        return (
          <div key={field.name} className="filter-field" style={{ ['--span' as string]: field.span ?? 6 }}>
            <label htmlFor={id}>{field.label}</label>
            {field.kind === 'text' ? (
              <span className="search-input">
                <SearchOutlined aria-hidden="true" />
                <input
                  id={id}
                  type="search"
                  maxLength={200}
                  readOnly={!hydrated}
                  placeholder={field.placeholder}
                  value={(values[field.name] as string) ?? ''}
                  onChange={(e) => set(field.name, e.target.value)}
                />
              </span>
            ) : (
              <LazySelect
                id={id}
                disabled={!hydrated}
                allowClear
                showSearch
                mode={field.kind === 'multi' ? 'multiple' : undefined}
                maxTagCount="responsive"
                optionFilterProp="label"
                placeholder={field.placeholder ?? t('jobs.filters.any')}
                value={
                  field.kind === 'multi' ? toArray(values[field.name]) : ((values[field.name] as string) ?? undefined)
                }
                onChange={(value: string | string[] | undefined) => set(field.name, value)}
                options={field.options ?? []}
              />
            )}
          </div>
        );
      })}
    </form>
  );
}
