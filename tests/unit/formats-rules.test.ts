/**
 * The custom formats (SPEC §5, DESIGN §6) at their edges: whole-value matching (nothing before or after),
 * surrounding blanks, control letters, calendar bounds, length limits; and that Fastify's and rjsf's ajv
 * (src/shared/ajv.ts) apply them under their format names.
 */
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { ajvCustomOptions, registerFormats } from '../../src/shared/ajv';
import { isLongText, isOneLineText, withTextRules } from '../../src/shared/textRules';
import {
  customFormatNames,
  customFormats,
  isDmyDate,
  isDni,
  isHttpUrl,
  isIban,
  isNie,
  isNif,
  isPassport,
  isPhone,
  normaliseIban,
} from '../../src/shared/formats';

describe('DNI: 8 digits and the mod-23 control letter', () => {
  it('accepts every control letter at its remainder', () => {
    const letters = 'TRWAGMYFPDXBNJZSQVHLCKE';
    for (let remainder = 0; remainder < 23; remainder++) {
      const digits = String(23 * 434_783 + remainder); // 10000009 + remainder
      expect(Number(digits) % 23).toBe(remainder);
      expect(isDni(`${digits}${letters[remainder]}`), digits).toBe(true);
      expect(isDni(`${digits}${letters[(remainder + 1) % 23]}`), digits).toBe(false);
    }
  });

  it('matches the whole value, allowing only surrounding blanks', () => {
    expect(isDni(' 12345678Z ')).toBe(true);
    expect(isDni('12345678z')).toBe(true);
    expect(isDni('x12345678Z')).toBe(false);
    expect(isDni('12345678Zx')).toBe(false);
    expect(isDni('112345678Z')).toBe(false);
    expect(isDni('12345678ZZ')).toBe(false);
    expect(isDni('1234 5678Z')).toBe(false);
  });
});

describe('NIE: X, Y or Z, 7 digits and the control letter (X=0, Y=1, Z=2)', () => {
  it('reads the prefix as a digit', () => {
    const letters = 'TRWAGMYFPDXBNJZSQVHLCKE';
    for (const [prefix, digit] of [
      ['X', '0'],
      ['Y', '1'],
      ['Z', '2'],
    ] as const) {
      const letter = letters[Number(`${digit}7654321`) % 23]!;
      expect(isNie(`${prefix}7654321${letter}`), prefix).toBe(true);
      expect(isNie(`${prefix.toLowerCase()}7654321${letter.toLowerCase()}`), prefix).toBe(true);
      const wrong = letters[(Number(`${digit}7654321`) + 1) % 23]!;
      expect(isNie(`${prefix}7654321${wrong}`), prefix).toBe(false);
    }
  });

  it('matches the whole value, allowing only surrounding blanks', () => {
    expect(isNie(' X1234567L ')).toBe(true);
    expect(isNie('AX1234567L')).toBe(false);
    expect(isNie('X1234567LA')).toBe(false);
    expect(isNie('X1234567')).toBe(false);
  });
});

describe('NIF (company tax id): a letter and 8 digits', () => {
  it('matches the whole value, allowing only surrounding blanks', () => {
    expect(isNif(' B12345678 ')).toBe(true);
    expect(isNif('1B12345678')).toBe(false);
    expect(isNif('B12345678X')).toBe(false);
    expect(isNif('B1234567X')).toBe(false);
  });
});

describe('passport: 3 letters, 6 digits, an optional letter', () => {
  it('matches the whole value, allowing only surrounding blanks', () => {
    expect(isPassport(' ABC123456 ')).toBe(true);
    expect(isPassport('ABC123456Z')).toBe(true);
    expect(isPassport('1ABC123456')).toBe(false);
    expect(isPassport('ABC123456ZZ')).toBe(false);
    expect(isPassport('ABCD123456')).toBe(false);
  });
});

describe('IBAN (ISO 13616, mod-97)', () => {
  it('accepts spaces and lower case, and refuses a wrong check digit or length', () => {
    expect(isIban('es91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isIban('ES9121000418450200051332')).toBe(true);
    expect(isIban('ES9221000418450200051332')).toBe(false);
    expect(isIban('ES912100041845020005133')).toBe(false);
    expect(isIban('   ')).toBe(false);
    expect(normaliseIban('')).toBe('');
    expect(normaliseIban(' gb82 west 1234 5698 7654 32 ')).toBe('GB82WEST12345698765432');
  });
});

describe('url: http or https with a host, at most 2048 characters', () => {
  it('measures the limit exactly', () => {
    const at = (length: number) => `https://example.org/${'a'.repeat(length - 'https://example.org/'.length)}`;
    expect(at(2048)).toHaveLength(2048);
    expect(isHttpUrl(at(2048))).toBe(true);
    expect(isHttpUrl(at(2049))).toBe(false);
  });

  it('refuses other schemes and unparsable text', () => {
    expect(isHttpUrl('HTTPS://EXAMPLE.ORG')).toBe(true);
    expect(isHttpUrl('mailto:a@b.co')).toBe(false);
    expect(isHttpUrl('data:text/html,hi')).toBe(false);
    expect(isHttpUrl('file:///etc/passwd')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
    expect(isHttpUrl('http://')).toBe(false);
  });
});

describe('date: dd/mm/yyyy, a real day between 1900 and 2200', () => {
  it('keeps the year within 1900–2200', () => {
    expect(isDmyDate('01/01/1900')).toBe(true);
    expect(isDmyDate('31/12/1899')).toBe(false);
    expect(isDmyDate('31/12/2200')).toBe(true);
    expect(isDmyDate('01/01/2201')).toBe(false);
  });

  it('keeps the month within 1–12 and the day within the month', () => {
    expect(isDmyDate('15/00/2000')).toBe(false);
    expect(isDmyDate('15/01/2000')).toBe(true);
    expect(isDmyDate('15/12/2000')).toBe(true);
    expect(isDmyDate('15/13/2000')).toBe(false);
    expect(isDmyDate('00/01/2000')).toBe(false);
    expect(isDmyDate('01/01/2000')).toBe(true);
    expect(isDmyDate('31/01/2000')).toBe(true);
    expect(isDmyDate('30/04/2000')).toBe(true);
    expect(isDmyDate('31/04/2000')).toBe(false);
    expect(isDmyDate('29/02/2000')).toBe(true); // divisible by 400
    expect(isDmyDate('29/02/1900')).toBe(false); // divisible by 100
  });

  it('matches the whole value', () => {
    expect(isDmyDate('x01/01/2000')).toBe(false);
    expect(isDmyDate('01/01/2000x')).toBe(false);
    expect(isDmyDate('01/01/20000')).toBe(false);
    expect(isDmyDate('101/01/2000')).toBe(false);
    expect(isDmyDate(' 01/01/2000')).toBe(false);
  });
});

describe('phone: international (+…) or Spanish national, at most 32 characters', () => {
  it('measures the limit exactly', () => {
    const padded = (length: number) => `+34${' '.repeat(length - 12)}612345678`;
    expect(padded(32)).toHaveLength(32);
    expect(isPhone(padded(32))).toBe(true);
    expect(isPhone(padded(33))).toBe(false);
  });

  it('reads numbers without + as Spanish, and with + by their country', () => {
    expect(isPhone('612345678')).toBe(true);
    expect(isPhone('912345678')).toBe(true);
    // the same numbers are refused without their country code, accepted with it
    expect(isPhone('2025550123')).toBe(false);
    expect(isPhone('+1 202 555 0123')).toBe(true);
    expect(isPhone('0145678901')).toBe(false);
    expect(isPhone('+33 1 45 67 89 01')).toBe(true);
    expect(isPhone('+44 20 7946 0958 ')).toBe(true);
    expect(isPhone('')).toBe(false);
    expect(isPhone('+')).toBe(false);
  });
});

describe('the formats as ajv sees them (Fastify and rjsf)', () => {
  // a fresh instance for every schema, made inside the test: a set-up that throws must fail a test, not keep
  // the file from loading, and each test must run the set-up it relies on
  const ajv = { compile: (schema: object) => registerFormats(new Ajv({ ...ajvCustomOptions })).compile(schema) };

  it('registers every custom format by name', () => {
    expect(customFormatNames).toEqual([
      'dni',
      'nif',
      'nie',
      'cif',
      'passport',
      'iban',
      'url',
      'url-or-empty',
      'date',
      'phone',
    ]);
    const samples: Record<string, [string, string]> = {
      dni: ['12345678Z', '12345678A'],
      nif: ['B12345678', '12345678B'],
      nie: ['X1234567L', 'X1234567A'],
      cif: ['B12345674', 'B12345670'],
      passport: ['ABC123456', 'AB123456'],
      iban: ['ES9121000418450200051332', 'ES9121000418450200051333'],
      url: ['https://example.org', 'ftp://example.org'],
      'url-or-empty': ['', 'javascript:alert(1)'],
      date: ['29/02/2024', '29/02/2023'],
      phone: ['+34 612 345 678', '123'],
    };
    expect(Object.keys(samples).sort()).toEqual([...customFormatNames].sort());
    for (const name of customFormatNames) {
      const validate = ajv.compile({ type: 'string', format: name });
      const [good, bad] = samples[name]!;
      expect(customFormats[name](good), name).toBe(true);
      expect(validate(good), `${name} ${good}`).toBe(true);
      expect(validate(bad), `${name} ${bad}`).toBe(false);
    }
  });

  it('applies the custom formats to strings only', () => {
    // a number where a DNI is expected is the `type` keyword's business, not the format's
    expect(ajv.compile({ format: 'dni' })(12345678)).toBe(true);
    expect(ajv.compile({ format: 'dni' })('12345678A')).toBe(false);
    expect(ajv.compile({ format: 'phone' })(null)).toBe(true);
  });

  it('adds the standard formats it uses (email, date-time, uri, time) and no others', () => {
    const check = (format: string, value: string) => ajv.compile({ type: 'string', format })(value);
    expect(check('email', 'a@b.co')).toBe(true);
    expect(check('email', 'not-an-email')).toBe(false);
    expect(check('date-time', '2024-02-29T10:00:00Z')).toBe(true);
    expect(check('date-time', '2024-02-30T10:00:00Z')).toBe(false);
    expect(check('uri', 'https://example.org/x')).toBe(true);
    expect(check('uri', 'not a uri')).toBe(false);
    expect(check('time', '10:00:00Z')).toBe(true);
    expect(check('time', '25:00:00Z')).toBe(false);
    // `date` is ours (dd/mm/yyyy), not ajv-formats' ISO date; ipv4 is not registered at all (strict mode)
    expect(check('date', '2024-02-29')).toBe(false);
    expect(() => ajv.compile({ type: 'string', format: 'ipv4' })).toThrow(/unknown format "ipv4"/);
  });

  it('coerces query strings, fills defaults, reports every error and refuses unknown fields', () => {
    expect(ajvCustomOptions).toEqual({
      allErrors: true,
      removeAdditional: false,
      useDefaults: true,
      coerceTypes: 'array',
      strict: true,
      strictTypes: false,
    });
    const validate = ajv.compile({
      type: 'object',
      properties: {
        page: { type: 'integer', default: 1 },
        tags: { type: 'array', items: { type: 'string' } },
        size: { type: 'integer' },
      },
      additionalProperties: false,
    });
    const query: Record<string, unknown> = { size: '10', tags: 'a' };
    expect(validate(query)).toBe(true);
    expect(query).toEqual({ page: 1, size: 10, tags: ['a'] });
    const bad: Record<string, unknown> = { size: 'x', page: 'y', extra: 1 };
    expect(validate(bad)).toBe(false);
    expect(bad).toHaveProperty('extra', 1);
    expect(validate.errors?.map((e) => e.keyword).sort()).toEqual(['additionalProperties', 'type', 'type']);
  });
});

describe('one-line and long texts (issue 23 §7, src/shared/textRules.ts)', () => {
  const schema = withTextRules({
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 50 },
      nick: { type: ['string', 'null'] },
      about: { type: 'string', 'x-multiline': true },
      tags: { type: 'array', items: { type: 'string' } },
      either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      count: { type: 'integer' },
    },
  });
  const validate = registerFormats(new Ajv({ ...ajvCustomOptions, coerceTypes: false })).compile(schema);
  const fieldsOf = (data: object) =>
    validate(data) ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.keyword}`);

  it('marks every string one-line, a string marked x-multiline long, and leaves the rest alone', () => {
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties['name']!['x-text']).toBe('line');
    expect(properties['nick']!['x-text']).toBe('line');
    expect(properties['about']!['x-text']).toBe('long');
    expect((properties['tags']!['items'] as Record<string, unknown>)['x-text']).toBe('line');
    expect((properties['either']!['anyOf'] as Array<Record<string, unknown>>)[0]!['x-text']).toBe('line');
    expect(properties['count']!['x-text']).toBeUndefined();
    expect((schema as Record<string, unknown>)['x-text']).toBeUndefined();
  });

  it('refuses every C0 control (TAB, CR and LF too), DEL and C1 in a one-line text, NUL only in a long one', () => {
    const controls = [
      ...Array.from({ length: 32 }, (_, i) => i),
      0x7f,
      ...Array.from({ length: 32 }, (_, i) => 0x80 + i),
    ].map((code) => String.fromCharCode(code));
    expect(controls).toHaveLength(65);
    for (const c of controls) {
      expect(isOneLineText(`a${c}b`), JSON.stringify(c)).toBe(false);
      expect(fieldsOf({ name: `a${c}b` }), JSON.stringify(c)).toEqual(['/name x-text']);
      expect(fieldsOf({ tags: ['ok', `a${c}`] }), JSON.stringify(c)).toEqual(['/tags/1 x-text']);
      expect(fieldsOf({ about: `a${c}b` }), JSON.stringify(c)).toEqual(c === '\u0000' ? ['/about x-text'] : []);
      expect(isLongText(`a${c}b`), JSON.stringify(c)).toBe(c !== '\u0000');
    }
    for (const fine of ['Ana María', 'Ça va · 100 €', 'a\u00a0b', '日本語', 'emoji 😀', '']) {
      expect(isOneLineText(fine), fine).toBe(true);
      expect(fieldsOf({ name: fine, nick: null, about: `${fine}\r\n\tmore`, count: 3 }), fine).toEqual([]);
    }
  });
});
