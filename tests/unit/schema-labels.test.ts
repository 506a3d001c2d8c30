/**
 * Issue 24 §3: a field a maintainer adds to a form's schema shows its label, never the raw key. Every property
 * every form of src/web/forms/catalog.ts renders (its schema as the build hands it to the browser), and every
 * property of the schemas a maintainer extends (user.profile, company.profile, company.job.write), has
 * `fields.<name>` in locales/es, en and ca (the web app's namespaces, tests/helpers/webTexts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/constants';
import { FORMS, type FormName } from '../../src/web/forms/catalog';
import { formSchema } from '../../scripts/precompile-validators';
import { SCHEMAS_DIR } from '../../src/server/plugins/schemas';
import { webTexts } from '../helpers/webTexts';

const EXTENDED = ['user.profile', 'company.profile', 'company.job.write'];

/** `form: name` for every property a form shows at its top level (nested objects such as `texts` are language tabs the pages title themselves). */
function propertiesOf(schema: unknown, where: string, out: Array<[string, string]>): Array<[string, string]> {
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  for (const name of Object.keys(properties)) out.push([where, name]);
  return out;
}

function allProperties(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const name of Object.keys(FORMS) as FormName[]) propertiesOf(formSchema(name), name, out);
  for (const id of EXTENDED) propertiesOf(JSON.parse(readFileSync(join(SCHEMAS_DIR, `${id}.json`), 'utf8')), id, out);
  return out;
}

describe('every schema property a form shows has its label', () => {
  it.each(LOCALES)('in %s (locales/%s: fields.<name>)', (lng) => {
    const common = webTexts(lng);
    const properties = allProperties();
    expect(properties.length).toBeGreaterThan(100);
    const missing = [
      ...new Set(
        properties
          .filter(([, name]) => !common[`fields.${name}`]?.trim())
          .map(([where, name]) => `${where}: fields.${name}`),
      ),
    ];
    expect(missing).toEqual([]);
  });
});
