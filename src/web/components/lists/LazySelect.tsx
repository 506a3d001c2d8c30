/**
 * antd's Select, downloaded when the visitor first reaches for it. Until then a look-alike button
 * shows the current value: the select engine (rc-select, virtual list, popup positioning) is the
 * largest part of a list page and most visits never open a filter. Hovering or focusing starts the
 * download; clicking (or Enter, Space, arrow down) swaps in the real Select, already open.
 */
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { DownOutlined } from '@ant-design/icons';
import type { SelectProps } from 'antd/es/select';

const load = () => import('./ScopedSelect');
const Select = lazy(load);

type Props = Omit<SelectProps<string | string[]>, 'options'> & {
  id: string;
  options: Array<{ value: string; label: string }>;
};

function display(value: Props['value'], options: Props['options']): string {
  const values = Array.isArray(value) ? value : value ? [value] : [];
  return values.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ');
}

export function LazySelect(props: Props) {
  const [active, setActive] = useState(false);
  const text = display(props.value, props.options);
  const fake = (
    <button
      type="button"
      id={props.id}
      className="fake-select"
      disabled={props.disabled}
      aria-haspopup="listbox"
      aria-expanded={false}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setActive(true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setActive(true);
        }
      }}
    >
      <span className={text ? 'fake-select-value' : 'fake-select-placeholder'}>{text || props.placeholder}</span>
      <DownOutlined aria-hidden="true" className="fake-select-arrow" />
    </button>
  );
  if (!active) return fake;
  return (
    <Suspense fallback={fake}>
      <Select {...(props as SelectProps)} autoFocus defaultOpen />
    </Suspense>
  );
}
