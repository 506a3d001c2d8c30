/** Three languages, always: every key in es, en and ca, with a real (non-empty) text, and every key the code uses exists. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/constants';
import { scanServerMessageKeys } from '../helpers/messageKeys';
import { webTexts } from '../helpers/webTexts';

const load = (lng: string, file: string) =>
  JSON.parse(readFileSync(join('locales', lng, file), 'utf8')) as Record<string, string>;
const files = readdirSync('locales/es').filter((f) => f.endsWith('.json'));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('locales', () => {
  it('has the message files of every part', () => {
    expect(files).toEqual(
      expect.arrayContaining(['common.json', 'areas.json', 'admin.json', 'errors.json', 'routes.json']),
    );
    for (const lng of LOCALES)
      expect(
        readdirSync(join('locales', lng))
          .filter((f) => f.endsWith('.json'))
          .sort(),
        lng,
      ).toEqual([...files].sort());
  });

  it.each(files)('%s has the same keys in es, en and ca, none empty', (file) => {
    const keys = Object.keys(load('es', file)).sort();
    expect(keys.length).toBeGreaterThan(0);
    for (const lng of LOCALES) {
      const texts = load(lng, file);
      expect(Object.keys(texts).sort(), `${lng}/${file}`).toEqual(keys);
      for (const [key, value] of Object.entries(texts))
        expect(JSON.stringify(value).length, `${lng}/${file}: ${key}`).toBeGreaterThan(2);
    }
  });

  it('has every literal key the web app translates', () => {
    const common = webTexts('es');
    const missing: string[] = [];
    const sources = walk('src/web');
    expect(sources.length).toBeGreaterThan(10);
    let used = 0;
    for (const file of sources) {
      const source = readFileSync(file, 'utf8');
      for (const [, key] of source.matchAll(/\bt\('([a-zA-Z0-9_.-]+)'/g)) {
        used++;
        if (!(key! in common) && !(`${key}_other` in common)) missing.push(`${file}: ${key}`);
      }
    }
    // the scan found the web app's keys (a broken pattern would find none and prove nothing)
    expect(used).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('has the keys Refine itself asks through the i18nProvider (its toasts and resource titles)', () => {
    // Refine translates these on its own (useNotification, useResource…): a missing one shows the raw key
    const refineKeys = [
      'notifications.success',
      'notifications.error',
      'notifications.createSuccess',
      'notifications.editSuccess',
      'notifications.deleteSuccess',
      'articles.articles',
    ];
    for (const lng of LOCALES) {
      const common = webTexts(lng);
      expect(
        refineKeys.filter((key) => !(key in common)),
        lng,
      ).toEqual([]);
    }
  });

  it('has both plural forms of every counted text (a plural key counts as existing)', () => {
    // t('x', { count }) reads x_one for 1 and x_other (or x) otherwise: "1 like", "2 likes"
    for (const lng of LOCALES) {
      const common = webTexts(lng);
      for (const key of Object.keys(common).filter((k) => k.endsWith('_one'))) {
        const base = key.slice(0, -'_one'.length);
        expect(`${base}_other` in common || base in common, `${lng}: ${base}`).toBe(true);
      }
      for (const base of ['workgroups.likes', 'jobs.count', 'news.count', 'common.results', 'news.registered']) {
        expect(common[`${base}_one`], `${lng}: ${base}_one`).toBeTruthy();
        // English always changes ("1 like"); es/ca may read the same ("1 me gusta", "1 m'agrada")
        if (lng === 'en')
          expect(common[`${base}_one`], `${lng}: ${base}_one`).not.toEqual(common[base] ?? common[`${base}_other`]);
      }
    }
  });

  it('translates most texts (es, en and ca differ)', () => {
    const [es, en, ca] = LOCALES.map((lng) => webTexts(lng));
    const same = Object.keys(es!).filter((key) => es![key] === en![key] && en![key] === ca![key]);
    // brand words and names (Alumni, Bold, Networking…) may read the same in the three languages
    expect(same.length / Object.keys(es!).length).toBeLessThan(0.1);
  });
});

describe('server messages (issue 23 §8)', () => {
  const scan = scanServerMessageKeys();

  it('finds the keys the server answers with, through its helpers (a broken scan would find few and prove nothing)', () => {
    expect(scan.keys.size).toBeGreaterThan(150);
    expect(scan.wrappers).toEqual(
      expect.arrayContaining([
        'AppError.notFound',
        'AppError.badRequest',
        'AppError.rule',
        'fieldError',
        'send',
        'refuse',
      ]),
    );
    for (const key of [
      'notFound',
      'validation.failed',
      'auth.required',
      'offers.notFound',
      'files.linkExpired',
      'files.linkInvalid',
      'payments.sandbox.gone',
      'memberCard.pdf.title',
      'candidates.csv.email',
    ])
      expect([...scan.keys.keys()], key).toContain(key);
  });

  it.each([...LOCALES])('has every key the server answers with in %s/errors.json', (lng) => {
    const errors = load(lng, 'errors.json');
    const missing = [...scan.keys]
      .filter(([key]) => !(key in errors) && !(`${key}_other` in errors))
      .map(([key, where]) => `${key} (${where[0]})`);
    expect(missing).toEqual([]);
  });

  it.each([...LOCALES])('has every key the e-mails use in %s/emails.json', (lng) => {
    const emails = load(lng, 'emails.json');
    const dir = 'src/server/modules/mail/templates';
    const templates = readdirSync(dir).filter((f) => f.endsWith('.eta') && !f.startsWith('layout.'));
    expect(templates.length).toBeGreaterThan(20);
    const used = new Set(templates.map((f) => `${f.slice(0, -'.eta'.length)}.subject`));
    for (const file of [...readdirSync(dir).map((f) => join(dir, f)), 'src/server/modules/mail/render.ts']) {
      for (const [, , key] of readFileSync(file, 'utf8').matchAll(/\bt\(\s*(['"])([a-zA-Z0-9_.-]+)\1\s*[,)]/g))
        used.add(key!);
    }
    expect(used.size).toBeGreaterThan(60);
    expect([...used].filter((key) => !(key in emails))).toEqual([]);
  });
});
