/** antd's Select with antd's theme around it: what LazySelect downloads on first use. */
import Select, { type SelectProps } from 'antd/es/select';
import { AntdScope } from '../AntdScope';

export default function ScopedSelect(props: SelectProps<string | string[]>) {
  return (
    <AntdScope>
      <Select {...props} />
    </AntdScope>
  );
}
