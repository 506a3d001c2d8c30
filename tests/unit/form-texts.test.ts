/**
 * Issue 25 §2: no note meant for maintainers reaches a user. Every form of src/web/forms/catalog.ts is rendered the
 * way <SchemaForm> renders it (its schema as the build hands it to the browser, its uiSchema from formUi.ts, rjsf's
 * antd theme) in es, en and ca; the markup must hold no "SPEC", "§", "issue", "TODO", "DESIGN", no description or
 * $comment of the schema files and no untranslated help key.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import Form from '@rjsf/antd';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { LOCALES } from '../../src/shared/constants';
import { ajvCustomOptions, registerFormats } from '../../src/shared/ajv';
import { FORMS, type FormName } from '../../src/web/forms/catalog';
import { formUiSchema } from '../../src/web/forms/formUi';
import { formSchema, schemaFile } from '../../scripts/precompile-validators';
import { webTexts } from '../helpers/webTexts';

const MAINTAINER_WORDS = /\bSPEC\b|§|\b[Ii]ssues?\b|\bTODO\b|\bDESIGN\b|docs\/|src\//;
// labels the pages give themselves (ui:title) are not in this rendering; help texts are formUi.ts's alone
const RAW_KEY = /\bfieldHelp\.[A-Za-z_][\w.]*/;

/** Every string a schema file holds under `description` or `$comment`, the files it refers to included. */
function notes(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => notes(item, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'description' || key === '$comment') && typeof value === 'string') out.add(value);
      else notes(value, out);
    }
  return out;
}

function text(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('every schema form shows users no maintainer text', () => {
  it.each(LOCALES)(
    'in %s',
    async (lng) => {
      const common = webTexts(lng);
      // a note worded like a translated label ("Appear in the alumni search and map") is the label, shown on purpose
      const translations = new Set(Object.values(common));
      const t = i18next.createInstance();
      await t.init({
        lng,
        resources: { [lng]: { common } },
        ns: ['common'],
        defaultNS: 'common',
        keySeparator: false,
        interpolation: { escapeValue: false },
      });
      const validator = customizeValidator({
        ajvOptionsOverrides: { ...ajvCustomOptions, coerceTypes: false, strict: false },
        extenderFn: registerFormats as never,
      });
      const names = Object.keys(FORMS) as FormName[];
      expect(names.length).toBeGreaterThan(20);
      const failures: string[] = [];
      for (const name of names) {
        const schema = formSchema(name);
        const raw = JSON.parse(readFileSync(schemaFile(name), 'utf8')) as unknown;
        const ui = formUiSchema(schema, t.t, (key) => t.exists(key), {}, { submitText: 'OK' });
        const html = renderToStaticMarkup(
          createElement(Form, { schema: schema as never, uiSchema: ui, validator, formData: {} }),
        );
        const shown = text(html);
        expect(shown.length, name).toBeGreaterThan(0);
        const word = MAINTAINER_WORDS.exec(shown);
        if (word)
          failures.push(`${name}: "${word[0]}" in …${shown.slice(Math.max(0, word.index - 60), word.index + 60)}…`);
        const key = RAW_KEY.exec(shown);
        if (key) failures.push(`${name}: untranslated ${key[0]}`);
        for (const note of notes(raw, new Set()))
          if (note.length > 3 && !translations.has(note) && (shown.includes(note) || html.includes(note)))
            failures.push(`${name}: schema note "${note}"`);
      }
      expect(failures).toEqual([]);
    },
    30_000,
  );
});
