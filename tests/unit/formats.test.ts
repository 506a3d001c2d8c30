import { describe, expect, it } from 'vitest';
import { customFormats, normaliseIban } from '../../src/shared/formats';

const cases: Record<keyof typeof customFormats, { valid: string[]; invalid: string[] }> = {
  dni: {
    valid: ['12345678Z', '00000000T', '87654321x'],
    invalid: ['12345678A', '1234567Z', '123456789Z', 'Z12345678', ''],
  },
  nif: { valid: ['B12345678', 'a87654321'], invalid: ['12345678B', 'B1234567', 'BB1234567', 'B123456789'] },
  nie: {
    valid: ['X1234567L', 'Y1234567X', 'Z1234567R'],
    invalid: ['X1234567A', 'W1234567L', 'X123456L', 'X12345678L'],
  },
  // the control character: a digit for A/B/E/H companies, a letter for public bodies (Q, S…), either for the rest
  cif: {
    valid: ['B12345674', 'A58818501', 'Q2826000H', 'b12345674', 'G12345674', 'G1234567D'],
    invalid: ['B12345670', 'B1234567D', 'Q2826000A', 'Q28260008', 'X1234567A', 'B1234567', '12345674B', ''],
  },
  passport: {
    valid: ['ABC123456', 'abc123456d', 'XYZ000001'],
    invalid: ['AB123456', 'ABC12345', 'ABC1234567', '123ABC456'],
  },
  iban: {
    valid: [
      'ES9121000418450200051332',
      'ES91 2100 0418 4502 0005 1332',
      'GB82WEST12345698765432',
      'DE89370400440532013000',
    ],
    invalid: [
      'ES9121000418450200051333',
      'ES91210004184502000513',
      'XX9121000418450200051332',
      'ES12345678901234567890',
      '',
    ],
  },
  url: {
    valid: ['https://example.org', 'http://localhost:3000/path?q=1', 'https://sub.domain.es/a#b'],
    invalid: ['ftp://example.org', 'example.org', 'https://', 'javascript:alert(1)', 'http//x'],
  },
  'url-or-empty': {
    valid: ['', 'https://example.org', 'http://localhost:3000/path?q=1'],
    invalid: [' ', 'example.org', 'javascript:alert(1)', 'ftp://example.org'],
  },
  date: {
    valid: ['29/02/2024', '01/01/2000', '31/12/1999'],
    invalid: ['31/02/2024', '29/02/2023', '2024-02-01', '1/1/2000', '32/01/2000', '00/10/2000', '12/13/2000'],
  },
  phone: {
    valid: ['+34 612 345 678', '612345678', '+44 20 7946 0958', '+1 415 555 2671'],
    invalid: ['123', '+34 123', 'phone', '+34 612 345 678 999 999 999 999 999 999'],
  },
};

describe('custom formats (SPEC §5, DESIGN §6)', () => {
  it('has valid and invalid samples for every format', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(customFormats).sort());
    for (const [format, { valid, invalid }] of Object.entries(cases)) {
      expect(valid.length, format).toBeGreaterThan(0);
      expect(invalid.length, format).toBeGreaterThan(0);
    }
  });

  for (const [format, { valid, invalid }] of Object.entries(cases)) {
    const check = customFormats[format as keyof typeof customFormats];
    it.each(valid)(`${format} accepts %s`, (value) => expect(check(value)).toBe(true));
    it.each(invalid)(`${format} refuses %s`, (value) => expect(check(value)).toBe(false));
  }

  it('normalises an IBAN written with spaces', () => {
    expect(normaliseIban('es91 2100 0418 4502 0005 1332')).toBe('ES9121000418450200051332');
  });
});
