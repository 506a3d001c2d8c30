/**
 * The server's pure helpers: password hashing (scrypt), identifiers and secrets, slugs, list paging,
 * search text, and the request language.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newHash, newSecret, nowIso, sha256, slugify } from '../../src/server/lib/ids';
import { listResult, listSchema, pageWindow } from '../../src/server/lib/lists';
import { numericProperties, strictDigits } from '../../src/server/lib/digits';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../src/server/lib/password';
import { pickLanguage, translate } from '../../src/server/i18n';
import { foldText, likePattern } from '../../src/shared/text';

describe('passwords (scrypt)', () => {
  it('stores scrypt$N$r$p$salt$hash with the cost it used and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse');
    const [algo, n, r, p, salt, hash, ...rest] = stored.split('$');
    expect([algo, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(rest).toEqual([]);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64url')).toHaveLength(64);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horse ', stored)).toBe(false);
    expect(await verifyPassword('Correct horse', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('verifies with the cost stored in the hash, so the cost can change later', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('pw', salt, 64, { N: 1024, r: 8, p: 1 });
    const stored = ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('pw', stored)).toBe(true);
    expect(await verifyPassword('pw2', stored)).toBe(false);
    // the same key under another cost does not verify
    expect(await verifyPassword('pw', stored.replace('$1024$', '$2048$'))).toBe(false);
  });

  it('refuses anything that is not a complete scrypt hash', async () => {
    const stored = await hashPassword('pw');
    const parts = stored.split('$');
    expect(await verifyPassword('pw', ['bcrypt', ...parts.slice(1)].join('$'))).toBe(false);
    expect(await verifyPassword('pw', parts.slice(0, 5).join('$'))).toBe(false);
    expect(await verifyPassword('pw', [...parts.slice(0, 4), '', parts[5]].join('$'))).toBe(false);
    expect(await verifyPassword('pw', [...parts.slice(0, 5), parts[5]!.slice(0, 40)].join('$'))).toBe(false);
    expect(await verifyPassword('pw', '')).toBe(false);
  });

  it('has a dummy hash that is well-formed but never verifies', async () => {
    expect(DUMMY_PASSWORD_HASH.split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(DUMMY_PASSWORD_HASH.split('$')[5]!, 'base64url')).toHaveLength(64);
    expect(await verifyPassword('', DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword('demo-password', DUMMY_PASSWORD_HASH)).toBe(false);
  });
});

describe('identifiers and secrets', () => {
  it('makes random base-36 hashes of the asked length', () => {
    expect(newHash()).toMatch(/^[0-9a-z]{16}$/);
    expect(newHash(6)).toMatch(/^[0-9a-z]{6}$/);
    expect(newHash(40)).toMatch(/^[0-9a-z]{40}$/);
    const many = new Set(Array.from({ length: 200 }, () => newHash()));
    expect(many.size).toBe(200);
    // every one of the 36 characters turns up
    const chars = new Set(Array.from({ length: 50 }, () => newHash(40)).join(''));
    expect(chars.size).toBe(36);
  });

  it('makes 256-bit base64url secrets', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(newSecret()).not.toBe(secret);
  });

  it('hashes with SHA-256 in hex', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('')).toBe(createHash('sha256').update('').digest('hex'));
  });

  it('writes ISO times', () => {
    expect(nowIso(new Date(Date.UTC(2024, 1, 29, 10, 5, 7, 9)))).toBe('2024-02-29T10:05:07.009Z');
    expect(Date.parse(nowIso())).toBeGreaterThan(Date.parse('2024-01-01'));
  });
});

describe('slugify', () => {
  it('folds accents, lower-cases and joins ASCII words with single dashes', () => {
    expect(slugify('Diseñadora Gráfica — Sénior!')).toBe('disenadora-grafica-senior');
    expect(slugify('  --Hello   World--  ')).toBe('hello-world');
    expect(slugify('Çà & Là 2024')).toBe('ca-la-2024');
    expect(slugify('___')).toBe('');
  });

  it('cuts at the maximum length without leaving a trailing dash', () => {
    expect(slugify('a'.repeat(100))).toHaveLength(80);
    expect(slugify('abcd efgh', 5)).toBe('abcd');
    expect(slugify('abcd efgh', 6)).toBe('abcd-e');
    expect(slugify('abc--def', 4)).toBe('abc');
  });
});

describe('lists (SPEC §3)', () => {
  it('turns page and size into an offset, with defaults', () => {
    expect(pageWindow({}, 10)).toEqual({ size: 10, page: 1, offset: 0 });
    expect(pageWindow({ page: 3 }, 10)).toEqual({ size: 10, page: 3, offset: 20 });
    expect(pageWindow({ page: 2, size: 24 }, 10)).toEqual({ size: 24, page: 2, offset: 24 });
  });

  it('counts whole pages', () => {
    expect(listResult(['a'], 0, 10)).toEqual({ items: ['a'], total: 0, maxPages: 0 });
    expect(listResult([], 10, 10)).toEqual({ items: [], total: 10, maxPages: 1 });
    expect(listResult([], 11, 10)).toEqual({ items: [], total: 11, maxPages: 2 });
  });

  it('describes a list answer', () => {
    expect(listSchema('job')).toEqual({
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: 'job#' } },
        total: { type: 'integer' },
        maxPages: { type: 'integer' },
      },
    });
  });
});

describe('search text', () => {
  it('folds accents and case and squeezes blanks', () => {
    expect(foldText('  Àrea   de\tDISSENY\n Ñandú ')).toBe('area de disseny nandu');
    expect(foldText('ﬁ')).toBe('fi'); // NFKD compatibility folding
  });

  it('makes a LIKE pattern without the user’s wildcards', () => {
    expect(likePattern('Diseño')).toBe('%diseno%');
    expect(likePattern(' 100% _pure_ \\ ')).toBe('%100 pure%');
    expect(likePattern('a%b')).toBe('%a b%');
    expect(likePattern('%%%')).toBeNull();
    expect(likePattern('   ')).toBeNull();
    expect(likePattern('')).toBeNull();
  });
});

describe('the request language', () => {
  it('takes the language header when it is a locale', () => {
    expect(pickLanguage('ca', 'en')).toBe('ca');
    expect(pickLanguage('en', undefined)).toBe('en');
  });

  it('falls back to the first Accept-Language that is a locale, then Spanish', () => {
    expect(pickLanguage('fr', 'de-DE, CA-es;q=0.8, en;q=0.5')).toBe('ca');
    expect(pickLanguage(undefined, 'en-GB,en;q=0.8')).toBe('en');
    expect(pickLanguage(undefined, 'de, fr')).toBe('es');
    expect(pickLanguage(undefined, ['en'])).toBe('es');
    expect(pickLanguage(undefined, undefined)).toBe('es');
    expect(pickLanguage(['ca'], '')).toBe('es');
  });

  it('translates server messages in each language, with parameters', () => {
    expect(translate('es', 'apiKey.invalid')).toBe('Falta la clave de la API o no es válida.');
    expect(translate('en', 'apiKey.invalid')).toBe('The API key is missing or not valid.');
    expect(translate('ca', 'apiKey.invalid')).toBe("Falta la clau de l'API o no és vàlida.");
    expect(translate('en', 'auth.tooManyAttempts', { minutes: 15 })).toMatch(/15 minutes/);
    // messages are plain text, not HTML: parameters are not escaped here (the answer is JSON)
    expect(translate('en', 'validation.unknownField', { field: '<a&b>' })).toBe('The field <a&b> is not allowed.');
  });
});

describe('plain digits in query strings and paths (issue 23 §7, lib/digits.ts)', () => {
  const shared: Record<string, unknown> = {
    'page.filter': {
      type: 'object',
      properties: { page: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1 } },
    },
  };
  const lookup = (id: string) => shared[id];
  const schema = {
    allOf: [{ $ref: 'page.filter#' }],
    type: 'object',
    properties: {
      offset: { type: 'integer' },
      ratio: { type: 'number', minimum: 0 },
      years: { type: 'array', items: { type: 'integer', minimum: 1900 } },
      q: { type: 'string' },
    },
  };

  it('finds every numeric property, through $ref, allOf and arrays, with a minus only where negatives are allowed', () => {
    const fields = numericProperties(schema, lookup);
    expect([...fields.keys()].sort()).toEqual(['offset', 'page', 'ratio', 'size', 'years']);
    expect(fields.get('page')!.source).toBe('^[0-9]+$');
    expect(fields.get('offset')!.source).toBe('^-?[0-9]+$');
    expect(fields.get('ratio')!.source).toBe('^[0-9]+(\\.[0-9]+)?$');
    expect(numericProperties({ $ref: 'page.filter#' }, lookup).size).toBe(2);
  });

  it('refuses another spelling before ajv coerces it, and hands plain digits on', () => {
    let calls = 0;
    const inner = Object.assign(() => (calls++, true), { errors: null }) as never;
    const validate = strictDigits(schema, inner, lookup);
    for (const page of ['0x10', '1e1', '+1', ' 1', '1.0', '-1', '']) {
      expect(validate({ page }), page).toBe(false);
      expect(validate.errors, page).toEqual([expect.objectContaining({ instancePath: '/page', keyword: 'digits' })]);
    }
    expect(validate({ offset: '-3', ratio: '0.5', years: ['1999', '2001'], q: '0x10', page: '2' })).toBe(true);
    expect(validate({ years: ['1999', '2e3'] })).toBe(false);
    expect(calls).toBe(1);
    expect(strictDigits({ type: 'object', properties: { q: { type: 'string' } } }, inner, lookup)).toBe(inner);
  });
});
