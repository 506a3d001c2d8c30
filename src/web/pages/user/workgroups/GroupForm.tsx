/** The group form (schemas/workgroup.write.json through <SchemaForm form="workgroup">): name, typology, public or private, description. */
import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { WORKGROUP_TYPOLOGIES } from '../../../../shared/codes';
import { SchemaForm } from '../../../forms/SchemaForm';
import type { WorkgroupWrite } from '../../../../shared/schema-types';
import type { OwnGroup } from './types';

/** The fields this form sends: the write schema's own type, generated from it (src/shared/schema-types.ts). */
export type GroupValues = Pick<WorkgroupWrite, 'name' | 'typology' | 'type' | 'description'>;

export const toValues = (group?: OwnGroup): GroupValues =>
  group
    ? { name: group.name, typology: group.typology ?? undefined, type: group.type, description: group.description }
    : { type: 'PUBLIC' };

export function GroupForm(props: {
  initial: GroupValues;
  submitText: string;
  saving: boolean;
  serverErrors?: Record<string, string[]>;
  onSubmit: (values: GroupValues) => void;
}) {
  const { t } = useTranslation();
  const ui = useMemo<UiSchema>(
    () => ({
      name: { 'ui:title': t('groups.name'), 'ui:placeholder': t('groups.form.namePlaceholder') },
      typology: {
        'ui:title': t('groups.form.typology'),
        'ui:enumNames': WORKGROUP_TYPOLOGIES.map((code) => t(`workgroups.typology.${code}`)),
      },
      type: {
        'ui:title': t('groups.form.type'),
        'ui:widget': 'radio',
        'ui:enumNames': [t('groups.form.public'), t('groups.form.private')],
      },
      description: {
        'ui:title': t('groups.form.description'),
        'ui:widget': 'textarea',
        'ui:options': { rows: 6 },
        'ui:help': t('groups.form.descriptionHelp'),
      },
    }),
    [t],
  );
  return (
    <SchemaForm<GroupValues>
      form="workgroup"
      id="group-form"
      uiSchema={ui}
      formData={props.initial}
      submitText={props.submitText}
      submitting={props.saving}
      serverErrors={props.serverErrors}
      onSubmit={props.onSubmit}
    />
  );
}
