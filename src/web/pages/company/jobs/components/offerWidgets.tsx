/**
 * The offer form's choices that come from data (DESIGN §2: options arrive through widgets): one area or
 * specialty (a member tag of that group, stored by hash) and the offer's tags (any member tag, grouped). The
 * description uses the shared MarkdownWidget (forms/widgets).
 */
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { singleTagWidget, useUserTags } from '../../../../forms/widgets/TagSelectWidget';

export const OfferAreaWidget = singleTagWidget('area');
export const OfferSpecialtyWidget = singleTagWidget('specialty');

export function OfferTagsWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const { t } = useTranslation();
  const tags = useUserTags();
  const groups = [...new Set(tags.map((tag) => tag.group))];
  return (
    <Select
      id={id}
      mode="multiple"
      value={(value as string[] | undefined) ?? []}
      options={groups.map((group) => ({
        label: t(`offers.tagGroup.${group}`, { defaultValue: group }),
        options: tags.filter((tag) => tag.group === group).map((tag) => ({ value: tag.hash, label: tag.title })),
      }))}
      onChange={(next: string[]) => onChange(next)}
      disabled={disabled || readonly}
      maxCount={10}
      optionFilterProp="label"
    />
  );
}
