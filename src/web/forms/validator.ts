/**
 * rjsf's validator with the server's formats and options (src/shared/ajv) and ajv-i18n's messages,
 * one per language. Custom formats and `required` get our own wording naming the field (SPEC §5).
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFValidationError, UiSchema } from '@rjsf/utils';
import localizeEs from 'ajv-i18n/localize/es';
import localizeEn from 'ajv-i18n/localize/en';
import localizeCa from 'ajv-i18n/localize/ca';
import type { TFunction } from 'i18next';
import { ajvCustomOptions, registerFormats } from '../../shared/ajv';
import type { Locale } from '../../shared/constants';

const LOCALIZERS = { es: localizeEs, en: localizeEn, ca: localizeCa };
const cache = new Map<Locale, ReturnType<typeof customizeValidator>>();

export function validatorFor(lng: Locale) {
  let validator = cache.get(lng);
  if (!validator) {
    validator = customizeValidator(
      { ajvFormatOptions: false, ajvOptionsOverrides: { ...ajvCustomOptions, coerceTypes: false, strict: false }, extenderFn: (ajv) => registerFormats(ajv) },
      LOCALIZERS[lng],
    );
    cache.set(lng, validator);
  }
  return validator;
}

function fieldOf(error: RJSFValidationError): string {
  const path = (error.property ?? '').replace(/^\./, '');
  if (error.name === 'required') return String(error.params?.missingProperty ?? path);
  return path.split('.').pop() ?? path;
}

/** Messages naming the field, in the form's language. */
export function makeTransformErrors(t: TFunction, uiSchema: UiSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((error) => {
      const name = fieldOf(error);
      const label = (uiSchema[name]?.['ui:title'] as string | undefined) ?? name;
      let message = error.message;
      if (error.name === 'required') message = t('validation.required', { field: label });
      else if (error.name === 'format') message = t(`validation.format.${String(error.params?.format)}`, { field: label, defaultValue: error.message });
      else if (error.name === 'maxLength' || error.name === 'minLength') message = t(`validation.${error.name}`, { field: label, limit: error.params?.limit });
      return { ...error, message, stack: `${label}: ${message}` };
    });
}
