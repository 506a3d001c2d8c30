/**
 * rjsf's validators for our forms, one per form and language: precompiled by the build with the
 * server's formats and options, each form loaded on demand (scripts/precompile-validators.ts; the CSP forbids compiling in the
 * browser) and localized by ajv-i18n. Custom formats and `required` get our own wording naming the
 * field (SPEC §5).
 */
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import localizeEs from 'ajv-i18n/localize/es';
import localizeEn from 'ajv-i18n/localize/en';
import localizeCa from 'ajv-i18n/localize/ca';
import type { TFunction } from 'i18next';
import { forms } from 'virtual:forms';
import type { Locale } from '../../shared/constants';
import type { FormName } from './catalog';

const LOCALIZERS = { es: localizeEs, en: localizeEn, ca: localizeCa };
const cache = new Map<string, ValidatorType>();

export interface LoadedForm {
  schema: RJSFSchema;
  validators: ValidatorFunctions;
}

/** A promise React's `use()` reads without suspending once it has settled (the status fields React itself sets). */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };
const loading = new Map<FormName, TrackedPromise<LoadedForm>>();

/**
 * A form's schema and validators, each form a chunk of its own (scripts/precompile-validators.ts): asked for once, the
 * same promise after. A failed load (the network) is forgotten, so the next render asks again.
 */
export function loadForm(form: FormName): Promise<LoadedForm> {
  let promise = loading.get(form);
  if (!promise) {
    const load = forms[form];
    if (!load) throw new Error(`no form "${form}" in src/web/forms/catalog.ts`);
    const started: TrackedPromise<LoadedForm> = load().then(
      ({ schema, validators }) => {
        const loaded = { schema, validators };
        Object.assign(started, { status: 'fulfilled', value: loaded });
        return loaded;
      },
      (error: unknown) => {
        loading.delete(form);
        throw error;
      },
    );
    promise = started;
    loading.set(form, promise);
  }
  return promise;
}

/** Starts loading a page's forms with the page's own code, so a form does not wait for its data to ask for them. */
export function preloadForms(...names: FormName[]): void {
  for (const name of names) loadForm(name).catch(() => undefined);
}

export function validatorFor(form: FormName, loaded: LoadedForm, lng: Locale): ValidatorType {
  const key = `${form}:${lng}`;
  let validator = cache.get(key);
  if (!validator) {
    validator = createPrecompiledValidator(loaded.validators, loaded.schema, LOCALIZERS[lng]);
    cache.set(key, validator);
  }
  return validator;
}

function fieldOf(error: RJSFValidationError): string {
  const path = (error.property ?? '').replace(/^\./, '');
  if (error.name === 'required') return String(error.params?.missingProperty ?? path);
  return path.split('.').pop() ?? path;
}

/** The value an error is about (its `property`, `.a.b`), in the form's current data. */
function valueAt(data: unknown, property: string | undefined): unknown {
  let value = data;
  for (const step of (property ?? '').replace(/^\./, '').split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** Whether `property` is listed as required by the object that holds it. */
function isRequired(schema: RJSFSchema | undefined, property: string | undefined): boolean {
  const steps = (property ?? '').replace(/^\./, '').split('.').filter(Boolean);
  let node: RJSFSchema | undefined = schema;
  for (const step of steps.slice(0, -1)) node = node?.properties?.[step] as RJSFSchema | undefined;
  return Boolean(node?.required?.includes(steps[steps.length - 1] ?? ''));
}

const SHAPE_RULES = new Set(['format', 'pattern', 'minLength', 'enum', 'const']);

/**
 * Messages naming the field, in the form's language. An empty required field (an empty text is still a value
 * for JSON Schema, so it fails its format or length rather than `required`) says "required", not "must be
 * valid" (issue 10 §6): `current` gives the form's data as it is being checked.
 */
export function makeTransformErrors(
  t: TFunction,
  uiSchema: UiSchema,
  current?: { data: () => unknown; schema: RJSFSchema },
) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    // an if/then rule (registration's document number) also reports a bare "must match then": the field's own error says it
    errors
      .filter((error) => error.name !== 'if')
      .map((error) => {
        const name = fieldOf(error);
        const label = (uiSchema[name]?.['ui:title'] as string | undefined) ?? name;
        let message = error.message;
        const value =
          current && SHAPE_RULES.has(String(error.name)) ? valueAt(current.data(), error.property) : undefined;
        const empty =
          current !== undefined &&
          SHAPE_RULES.has(String(error.name)) &&
          (value === '' || (typeof value === 'string' && value.trim() === '')) &&
          isRequired(current.schema, error.property);
        if (error.name === 'required' || empty) message = t('validation.required', { field: label });
        else if (error.name === 'format')
          message = t(`validation.format.${String(error.params?.format)}`, {
            field: label,
            defaultValue: error.message,
          });
        else if (error.name === 'const' && error.params?.allowedValue === true)
          message = t('validation.mustAccept', { field: label });
        else if (error.name === 'maxLength' || error.name === 'minLength')
          message = t(`validation.${error.name}`, { field: label, limit: error.params?.limit });
        // a control character in a one-line text, NUL in a long one (src/shared/textRules.ts)
        else if (error.name === 'x-text')
          message = t(error.params?.text === 'long' ? 'validation.noNul' : 'validation.oneLine', { field: label });
        return { ...error, message, stack: `${label}: ${message}` };
      });
}
