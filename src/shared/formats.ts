/**
 * Custom JSON Schema formats shared by the server (Fastify's ajv) and the browser (rjsf's ajv).
 * Each is a pure predicate so both sides accept exactly the same documents.
 * Readings of SPEC §5 are in DESIGN §6 (IBAN by ISO 13616 with mod-97, DNI/NIE with the control letter).
 */
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { isValidPhoneNumber } from 'libphonenumber-js/min';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function controlLetterOk(digits: string, letter: string): boolean {
  return DNI_LETTERS[Number(digits) % 23] === letter.toUpperCase();
}

export function isDni(value: string): boolean {
  const m = /^(\d{8})([A-Za-z])$/.exec(value.trim());
  return !!m && controlLetterOk(m[1]!, m[2]!);
}

/** SPEC §5: a letter followed by 8 digits (the company/CIF-like tax id). */
export function isNif(value: string): boolean {
  return /^[A-Za-z]\d{8}$/.test(value.trim());
}

/**
 * A Spanish company tax id (CIF): the entity's letter, seven digits and a control character computed from the
 * digits (odd places doubled, digits summed): a digit for companies (A, B, E, H), a letter for public bodies,
 * foreign and non-resident entities (K, P, Q, S, N, W), either for the rest.
 */
export function isCif(value: string): boolean {
  const m = /^([ABCDEFGHJKLMNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value.trim().toUpperCase());
  if (!m) return false;
  const [, kind, digits, control] = m as unknown as [string, string, string, string];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const n = Number(digits[i]);
    sum += i % 2 === 0 ? Math.floor((n * 2) / 10) + ((n * 2) % 10) : n;
  }
  const digit = (10 - (sum % 10)) % 10;
  const letter = 'JABCDEFGHI'[digit]!;
  if ('ABEH'.includes(kind)) return control === String(digit);
  if ('KPQSNW'.includes(kind)) return control === letter;
  return control === String(digit) || control === letter;
}

export function isNie(value: string): boolean {
  const m = /^([XYZxyz])(\d{7})([A-Za-z])$/.exec(value.trim());
  if (!m) return false;
  const prefix = 'XYZ'.indexOf(m[1]!.toUpperCase());
  return controlLetterOk(`${prefix}${m[2]}`, m[3]!);
}

export function isPassport(value: string): boolean {
  return /^[A-Za-z]{3}\d{6}[A-Za-z]?$/.test(value.trim());
}

export function normaliseIban(value: string): string {
  return electronicFormatIBAN(value) ?? '';
}

export function isIban(value: string): boolean {
  const normal = normaliseIban(value);
  return normal.length > 0 && isValidIBAN(normal);
}

export function isHttpUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** dd/mm/yyyy and a real calendar day (31/02 is refused). */
export function isDmyDate(value: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** International numbers (+34 …) or Spanish national numbers. */
export function isPhone(value: string): boolean {
  if (value.length > 32) return false;
  try {
    return value.trim().startsWith('+') ? isValidPhoneNumber(value) : isValidPhoneNumber(value, 'ES');
  } catch {
    return false;
  }
}

export const customFormats = {
  dni: isDni,
  nif: isNif,
  nie: isNie,
  cif: isCif,
  passport: isPassport,
  iban: isIban,
  url: isHttpUrl,
  /** A link that may be left empty (a social network the association is not on). */
  'url-or-empty': (value: string) => value === '' || isHttpUrl(value),
  date: isDmyDate,
  phone: isPhone,
} as const;

export type CustomFormat = keyof typeof customFormats;
export const customFormatNames = Object.keys(customFormats) as CustomFormat[];
