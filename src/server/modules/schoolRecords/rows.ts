/** A row of the school's file → a record, or the reason it is refused (keys of errors.json `schoolRecords.*`). */
import { createHmac } from 'node:crypto';
import { type ColumnSpec, normaliseHeader, parseTabularDate } from '../../lib/tabular';
import { foldText } from '../../../shared/text';

export type RecordKind = 'STUDENT' | 'STAFF' | 'PROFESSOR';
export type ColumnKey =
  | 'document'
  | 'name'
  | 'surname1'
  | 'surname2'
  | 'email'
  | 'study'
  | 'first_year'
  | 'last_year'
  | 'graduated_on'
  | 'kind';

export const COLUMNS: ColumnSpec<ColumnKey>[] = [
  {
    key: 'document',
    required: true,
    aliases: [
      'DNI',
      'NIE',
      'DNI/NIE',
      'Documento',
      'Número de documento',
      'Document',
      'Número de document',
      'Document number',
      'Passport',
      'Pasaporte',
      'Passaport',
      'NIF',
    ],
  },
  { key: 'name', required: true, aliases: ['Nombre', 'Nom', 'Name', 'First name'] },
  {
    key: 'surname1',
    required: true,
    aliases: [
      'Apellido',
      'Apellidos',
      'Primer apellido',
      'Apellido 1',
      'Cognom',
      'Cognoms',
      'Primer cognom',
      'Cognom 1',
      'Surname',
      'Last name',
      'Family name',
    ],
  },
  { key: 'surname2', aliases: ['Segundo apellido', 'Apellido 2', 'Segon cognom', 'Cognom 2', 'Second surname'] },
  { key: 'email', aliases: ['Correo', 'Correo electrónico', 'Email', 'E-mail', 'Correu', 'Correu electrònic', 'Mail'] },
  {
    key: 'study',
    aliases: ['Estudios', 'Titulación', 'Estudis', 'Titulació', 'Studies', 'Degree', 'Programme', 'Program'],
  },
  {
    key: 'first_year',
    aliases: [
      'Primer curso',
      'Curso de inicio',
      'Año de inicio',
      'Primer curs',
      'Curs d’inici',
      'Any d’inici',
      'First year',
      'First academic year',
      'Start year',
    ],
  },
  {
    key: 'last_year',
    aliases: [
      'Último curso',
      'Curso final',
      'Año de fin',
      'Darrer curs',
      'Últim curs',
      'Any de fi',
      'Last year',
      'Last academic year',
      'End year',
    ],
  },
  {
    key: 'graduated_on',
    aliases: [
      'Fecha de graduación',
      'Graduación',
      'Data de graduació',
      'Graduació',
      'Graduation date',
      'Graduated on',
      'Graduated',
    ],
  },
  { key: 'kind', aliases: ['Tipo', 'Colectivo', 'Tipus', 'Col·lectiu', 'Kind', 'Type', 'Group'] },
];

const KIND_WORDS: Record<string, RecordKind> = {};
for (const [kind, words] of Object.entries({
  STUDENT: [
    'student',
    'alumni',
    'alumnus',
    'graduate',
    'estudiante',
    'alumno',
    'alumna',
    'antiguo alumno',
    'exalumno',
    'graduado',
    'graduada',
    'estudiant',
    'alumne',
    'exalumne',
    'graduat',
    'graduada',
  ],
  STAFF: [
    'staff',
    'pas',
    'personal',
    'personal de administracion',
    'personal d administracio',
    'employee',
    'empleado',
    'treballador',
  ],
  PROFESSOR: ['professor', 'profesor', 'profesora', 'professora', 'teacher', 'docente', 'docent', 'pdi', 'lecturer'],
}) as [RecordKind, string[]][])
  for (const word of words) KIND_WORDS[normaliseHeader(word)] = kind;

/** Upper case, no spaces, dashes, dots or slashes: "12.345.678-z" → "12345678Z". */
export function normaliseDocument(value: string): string {
  return value.toUpperCase().replace(/[\s\-./]/g, '');
}

/** The keyed hash a document number is stored and compared as (never reversible without SECRET_KEY). */
export function documentKey(secret: string, document: string): string {
  return createHmac('sha256', secret)
    .update(`school-record:${normaliseDocument(document)}`)
    .digest('hex');
}

/** Surnames compared without case, accents or punctuation. */
export const surnameKey = (value: string) => normaliseHeader(value).replace(/ /g, '');

/** "2015", "2015/2016", "2015-16", "2015/16" → 2015 (the academic year's first calendar year); null when no year. */
export function parseAcademicYear(value: string): number | null | 'invalid' {
  const match = /^(\d{4})(?:\s*[/-]\s*(\d{2}|\d{4}))?$/.exec(value.trim());
  if (!match) return 'invalid';
  const start = Number(match[1]);
  if (match[2]) {
    const end = Number(match[2]);
    if ((end < 100 ? end : end % 100) !== (start + 1) % 100) return 'invalid';
  }
  return start >= 1900 && start <= 2200 ? start : 'invalid';
}

export interface RecordFields {
  name: string;
  surname1: string;
  surname2: string | null;
  email: string | null;
  study: string | null;
  first_year: number | null;
  last_year: number | null;
  graduated_on: string | null;
  kind: RecordKind;
}

export type RowOutcome =
  { ok: true; document: string; fields: RecordFields } | { ok: false; reason: string; params?: Record<string, string> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function readRecordRow(values: Partial<Record<ColumnKey, string>>): RowOutcome {
  const document = normaliseDocument(values.document ?? '');
  if (!document) return { ok: false, reason: 'schoolRecords.documentMissing' };
  if (!/^[A-Z0-9]{5,20}$/.test(document)) return { ok: false, reason: 'schoolRecords.documentInvalid' };
  if (!values.name || !values.surname1) return { ok: false, reason: 'schoolRecords.nameMissing' };
  const email = values.email?.toLowerCase() ?? null;
  if (email && (!EMAIL.test(email) || email.length > 254)) return { ok: false, reason: 'schoolRecords.emailInvalid' };
  const years: (number | null)[] = [];
  for (const column of ['first_year', 'last_year'] as const) {
    const year = values[column] ? parseAcademicYear(values[column]!) : null;
    if (year === 'invalid') return { ok: false, reason: 'schoolRecords.yearInvalid', params: { column } };
    years.push(year);
  }
  const [first, last] = years as [number | null, number | null];
  if (first !== null && last !== null && last < first)
    return { ok: false, reason: 'schoolRecords.yearInvalid', params: { column: 'last_year' } };
  const graduated = values.graduated_on ? parseTabularDate(values.graduated_on) : null;
  if (values.graduated_on && !graduated)
    return { ok: false, reason: 'schoolRecords.dateInvalid', params: { column: 'graduated_on' } };
  const kind = values.kind ? KIND_WORDS[normaliseHeader(values.kind)] : 'STUDENT';
  if (!kind) return { ok: false, reason: 'schoolRecords.kindInvalid' };
  const fields: RecordFields = {
    name: values.name.slice(0, 120),
    surname1: values.surname1.slice(0, 120),
    surname2: values.surname2?.slice(0, 120) ?? null,
    email,
    study: values.study?.slice(0, 255) ?? null,
    first_year: first,
    last_year: last,
    graduated_on: graduated,
    kind,
  };
  return { ok: true, document, fields };
}

export function searchText(fields: RecordFields): string {
  return foldText(
    [fields.name, fields.surname1, fields.surname2, fields.email, fields.study].filter(Boolean).join(' '),
  );
}

/** The fields whose stored value differs from the file's. */
export function changedFields(
  stored: Omit<RecordFields, 'kind'> & { kind: string },
  next: RecordFields,
): (keyof RecordFields)[] {
  return (Object.keys(next) as (keyof RecordFields)[]).filter((key) => (stored[key] ?? null) !== (next[key] ?? null));
}
