/** The academic tab's study picker: a tree of the studies' categories (antd TreeSelect, loaded with the tab: widgets.tsx). */
import { TreeSelect } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useCategoryTree } from '../../../hooks/useCategoryTree';

export default function CategoryWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const tree = useCategoryTree();
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      treeData={tree}
      onChange={(next) => onChange(next ?? null)}
      disabled={disabled || readonly}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
    />
  );
}
