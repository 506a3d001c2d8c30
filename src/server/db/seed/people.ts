/** Members and companies of the demo data. */
import type { Insertable } from 'kysely';
import { foldText } from '../../../shared/text';
import { slugify } from '../../lib/ids';
import type { CompaniesTable, UsersTable } from '../types';
import type { MemberStatus } from '../../../shared/memberMoves';
import type { Role } from '../../../shared/permissions';
import { CITIES_ABROAD, CITIES_ES, COMPANIES, FIRST_NAMES, POSITIONS, SURNAMES, genderOfName } from './data';
import { makeBio } from './bios';
import { initials, writePicture } from './images';
import type { Random } from './random';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A valid Spanish IBAN (mod-97) used for every demo member who has one. */
export const DEMO_IBAN = 'ES9121000418450200051332';

export function validDni(rand: Random): string {
  const digits = rand.int(10000000, 99999999);
  return `${digits}${DNI_LETTERS[digits % 23]}`;
}

const BANKS = ['CaixaBank', 'BBVA', 'Banco Sabadell', 'Banco Santander', 'Caixa Enginyers'];

export interface PersonOptions {
  email?: string;
  role?: Role;
  status?: MemberStatus;
  complete?: boolean;
  visible?: boolean;
  iban?: boolean;
}

/** SPEC §4: a profile is complete only when all of these are present (four of them live in `data`). */
export function isProfileComplete(
  user: Pick<
    Insertable<UsersTable>,
    'name' | 'category_hash' | 'city' | 'country_code' | 'graduation_year' | 'current_job'
  >,
  data: Record<string, unknown>,
): boolean {
  const present = (value: unknown) => value !== null && value !== undefined && value !== '';
  return [
    user.name,
    data.birthdate,
    data.gender,
    user.category_hash,
    data.document_number,
    data.phone,
    user.city,
    user.country_code,
    user.graduation_year,
    user.current_job,
  ].every(present);
}

export interface PeopleContext {
  passwordHash: string;
  now: Date;
  categories: string[];
  /** Where pictures go; null draws none (the benchmark's 100k alumni). */
  uploadsDir: string | null;
}

export function makeUser(
  rand: Random,
  index: number,
  ctx: PeopleContext,
  options: PersonOptions = {},
): Insertable<UsersTable> {
  const hash = rand.hash();
  const name = rand.pick(FIRST_NAMES);
  const surname1 = rand.pick(SURNAMES);
  const surname2 = rand.pick(SURNAMES);
  const abroad = rand.chance(0.25);
  const country = abroad ? rand.pick(Object.keys(CITIES_ABROAD)) : 'ES';
  const city = abroad ? rand.pick(CITIES_ABROAD[country]!) : rand.pick(CITIES_ES);
  const role: Role = options.role ?? (rand.chance(0.5) ? 'REGULAR' : rand.chance(0.7) ? 'BOLD' : 'GRATIS');
  const complete = options.complete ?? rand.chance(0.9);
  const currentJob = rand.pick(POSITIONS);
  const currentCompany = rand.chance(0.2) ? 'Freelance' : rand.pick(COMPANIES)[0];
  const ambassador = options.email ? false : rand.chance(0.08);
  const entrepreneur = options.email ? false : rand.chance(0.08);
  const day = String(rand.int(1, 28)).padStart(2, '0');
  const month = String(rand.int(1, 12)).padStart(2, '0');
  const graduation = rand.int(1995, ctx.now.getUTCFullYear() - 1);
  const data = {
    birthdate: `${day}/${month}/${graduation - rand.int(21, 26)}` as string | null,
    // drawn and set aside, so the draws after it (and the demo rows tests rely on) stay as they were
    gender: (rand.pick(['female', 'male', 'other']), genderOfName(name)) as string | null,
    document_type: 'DNI',
    document_number: validDni(rand) as string | null,
    phone: `+34 6${rand.int(10, 99)} ${rand.int(100, 999)} ${rand.int(100, 999)}` as string | null,
    about_me: `${currentJob} · ${city}`,
    url_linkedin: rand.chance(0.6)
      ? `https://www.linkedin.com/in/${slugify(`${name}-${surname1}`)}-${hash.slice(0, 4)}`
      : null,
  };
  const missing = complete ? null : rand.pick(['phone', 'birthdate', 'gender', 'document_number'] as const);
  if (missing) data[missing] = null as never;
  const photo =
    rand.chance(0.7) && ctx.uploadsDir
      ? writePicture(ctx.uploadsDir, 'avatars', hash, index, 256, 256, initials(name, surname1))
      : null;
  const visible = options.visible ?? true;
  const category = rand.pick(ctx.categories);
  const row: Insertable<UsersTable> = {
    hash,
    email: options.email ?? `${slugify(`${name}.${surname1}`).replace(/-/g, '.')}.${index}@alumni.example`,
    password_hash: ctx.passwordHash,
    status: options.status ?? (rand.chance(0.03) ? 'PENDING' : 'VALIDATED'),
    role,
    code_numeric: 10000 + index,
    name,
    surname1,
    surname2,
    slug: ambassador || entrepreneur ? `${slugify(`${name} ${surname1}`)}-${hash.slice(0, 6)}` : null,
    language: rand.pick(['es', 'es', 'ca', 'en']),
    profile_type: rand.chance(0.85) ? 'student' : rand.pick(['pas', 'professor']),
    graduation_year: graduation,
    category_hash: category,
    country_code: country,
    city,
    current_job: currentJob,
    current_company: currentCompany,
    photo,
    cv_file: null,
    iban: (options.iban ?? (role === 'BOLD' && rand.chance(0.8))) ? DEMO_IBAN : null,
    is_ambassador: ambassador ? 1 : 0,
    is_entrepreneur: entrepreneur ? 1 : 0,
    is_appear_by_user: visible ? (rand.chance(0.1) ? 0 : 1) : 0,
    is_appear_by_company: visible ? (rand.chance(0.1) ? 0 : 1) : 0,
    is_receive_jobs: rand.chance(0.6) && role !== 'REGULAR' ? 1 : 0, // job offers by e-mail are a Bold benefit
    is_newsletter: rand.chance(0.7) ? 1 : 0,
    subscription_end:
      role === 'REGULAR' ? null : new Date(ctx.now.getTime() + rand.int(20, 330) * 86400000).toISOString(),
    profile_complete: 0,
    search_text: foldText([name, surname1, surname2, currentJob, currentCompany, city].join(' ')),
    data: JSON.stringify(data),
    created_at: new Date(ctx.now.getTime() - rand.int(30, 2000) * 86400000).toISOString(),
    updated_at: ctx.now.toISOString(),
  };
  data.about_me = makeBio(hash, row.language ?? 'es', {
    job: currentJob,
    company: currentCompany,
    city,
    year: graduation,
  });
  row.data = JSON.stringify(data);
  row.profile_complete = isProfileComplete(row, data) ? 1 : 0;
  if (row.iban)
    row.data = JSON.stringify({
      ...data,
      payment: { bank: BANKS[index % BANKS.length], name: `${name} ${surname1} ${surname2}` },
    });
  if (row.status === 'PENDING') awaitingValidation(row, data, ctx.now);
  else row.email_confirmed_at = row.created_at;
  return row;
}

/**
 * A registration the back office has not decided yet looks like one: registered in the last fortnight,
 * still REGULAR with no subscription (a Bold request waits in `data.requested_role`, with its IBAN),
 * the address confirmed or not. Derived from the hash, so no extra draw changes the rows after it.
 */
function awaitingValidation(row: Insertable<UsersTable>, data: Record<string, unknown>, now: Date): void {
  const n = parseInt(row.hash.slice(0, 6), 36);
  const requested = row.role === 'REGULAR' ? 'REGULAR' : 'BOLD';
  row.role = 'REGULAR';
  row.subscription_end = null;
  if (requested === 'REGULAR') row.iban = null;
  row.created_at = new Date(now.getTime() - (n % 14) * 86400000 - (n % 1440) * 60000).toISOString();
  row.email_confirmed_at = n % 3 === 0 ? null : row.created_at;
  const { payment, ...rest } = JSON.parse(row.data ?? '{}') as Record<string, unknown>;
  row.data = JSON.stringify({
    ...rest,
    ...(requested === 'BOLD' && payment ? { payment } : {}),
    requested_role: requested,
  });
}

/** Names given after the draw (the demo accounts): the data that follows from a name follows it. */
export function rename(row: Insertable<UsersTable>, name: string, surname1: string, surname2: string): void {
  Object.assign(row, { name, surname1, surname2 });
  const data = JSON.parse(row.data ?? '{}') as Record<string, unknown> & { payment?: { bank: string; name: string } };
  row.data = JSON.stringify({
    ...data,
    gender: genderOfName(name),
    ...(data.payment ? { payment: { ...data.payment, name: `${name} ${surname1} ${surname2}` } } : {}),
  });
}

export function makeCompany(
  rand: Random,
  index: number,
  ctx: { passwordHash: string; now: Date; uploadsDir: string | null },
  company: readonly [string, string, string],
  options: { email?: string; status?: string } = {},
): Insertable<CompaniesTable> {
  const hash = rand.hash();
  const [name, specialty, url] = company;
  return {
    hash,
    email: options.email ?? `rrhh@${slugify(name)}.example`,
    password_hash: ctx.passwordHash,
    status: options.status ?? 'VALIDATED',
    company_name: name,
    document_number_company: `B${String(rand.int(10000000, 99999999))}`,
    contact_name: `${rand.pick(FIRST_NAMES)} ${rand.pick(SURNAMES)}`,
    contact_phone: `+34 93${rand.int(1, 9)} ${rand.int(100, 999)} ${rand.int(100, 999)}`,
    url,
    specialty_company: specialty,
    logo: ctx.uploadsDir
      ? writePicture(ctx.uploadsDir, 'logos', hash, index + 3, 256, 256, initials(...name.split(' ')))
      : null,
    language: 'es',
    data: '{}',
    created_at: new Date(ctx.now.getTime() - rand.int(100, 1500) * 86400000).toISOString(),
    updated_at: ctx.now.toISOString(),
  };
}
