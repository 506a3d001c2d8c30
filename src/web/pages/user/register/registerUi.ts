/** The registration forms' widgets, order and translated choices (schemas/user.register.ui.json + locales). */
import type { UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import base from '../../../../../schemas/user.register.ui.json';
import { CategoryWidget } from './CategoryWidget';

const names = (t: TFunction, prefix: string, values: string[]) => values.map((value) => t(`${prefix}.${value}`));

export function personalUi(t: TFunction): UiSchema {
  return {
    ...(base as UiSchema),
    gender: { ...(base as UiSchema).gender, 'ui:enumNames': names(t, 'gender', ['male', 'female', 'other']) },
    document_type: {
      ...(base as UiSchema).document_type,
      'ui:enumNames': names(t, 'documentType', ['DNI', 'NIE', 'PASSPORT', 'NIF', 'OTHER']),
    },
    language: { ...(base as UiSchema).language, 'ui:enumNames': names(t, 'lang', ['es', 'en', 'ca']) },
    profile_type: {
      ...(base as UiSchema).profile_type,
      'ui:enumNames': names(t, 'profileType', ['student', 'pas', 'professor']),
    },
    eligibility_basis: {
      'ui:enumNames': names(t, 'eligibilityBasis', ['graduate', 'year_completed', 'staff', 'professor']),
      'ui:help': t('register.whoMayJoin'),
    },
    birthdate: { ...(base as UiSchema).birthdate, 'ui:placeholder': t('register.datePlaceholder') },
    category: { 'ui:widget': CategoryWidget, 'ui:placeholder': t('register.categoryPlaceholder') },
  };
}

export function membershipUi(t: TFunction): UiSchema {
  return {
    'ui:order': ['is_conditions', 'is_privacy', 'is_newsletter', 'payment', 'role'],
    role: { 'ui:widget': 'hidden' },
    // the nested payment fields' labels, for the messages that name them (forms/validator.ts looks them up by name)
    bank: { 'ui:title': t('fields.bank') },
    iban: { 'ui:title': t('fields.iban') },
    payment: {
      'ui:title': t('fields.payment'),
      'ui:description': t('register.paymentHint'),
      bank: { 'ui:title': t('fields.bank') },
      name: { 'ui:title': t('fields.holder'), 'ui:autocomplete': 'name' },
      iban: { 'ui:title': t('fields.iban'), 'ui:placeholder': 'ES91 2100 0418 4502 0005 1332' },
    },
  };
}
