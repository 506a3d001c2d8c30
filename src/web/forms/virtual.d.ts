/** The modules scripts/precompile-validators.ts generates at build time (see vite.config.ts). */
declare module 'virtual:forms' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /** Per form of src/web/forms/catalog.ts: its module (the schema it renders and its precompiled validators), on demand. */
  export const forms: Record<string, () => Promise<{ schema: RJSFSchema; validators: ValidatorFunctions }>>;
}
