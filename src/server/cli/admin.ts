/**
 * Creating an administrator from the command line (./create-admin.ts): the e-mail as sign-in compares it
 * (trimmed, lower case), a password strong enough for the account that can do everything, the project's
 * scrypt hash (lib/password.ts). Messages are for the operator, in English.
 */
import { newHash, nowIso } from '../lib/ids';
import { hashPassword } from '../lib/password';
import type { Db } from '../db/dialect';

/** A refusal the operator can act on: printed as it is, exit code 1. */
export class AdminInputError extends Error {}

export const MIN_PASSWORD_LENGTH = 12;
/** The sign-in form accepts no longer password (schemas/login.json). */
export const MAX_PASSWORD_LENGTH = 128;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Passwords (letters only, lower case) that no length of digits or symbols around them makes strong. */
const COMMON = new Set([
  'password',
  'passwd',
  'contrasena',
  'contraseña',
  'contrasenya',
  'qwerty',
  'qwertyuiop',
  'asdfgh',
  'azerty',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'administrador',
  'root',
  'alumni',
  'alumniwebkey',
  'demopassword',
  'iloveyou',
  'abc',
  'abcdef',
  'secret',
  'changeme',
]);

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new AdminInputError(`"${raw.trim()}" is not an e-mail address.`);
  return email;
}

export function normalizeName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name || name.length > 255) throw new AdminInputError('The name must have between 1 and 255 characters.');
  return name;
}

/** Why the password is too weak for an administrator, or null when it will do. */
export function passwordProblem(password: string, email: string): string | null {
  const chars = [...password];
  if (chars.length < MIN_PASSWORD_LENGTH) return `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (chars.length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lower = password.toLowerCase();
  // repeated or consecutive characters: "aaaaaaaaaaaa", "123456789012", "abcdefghijkl"
  let steps = 0;
  for (let i = 1; i < chars.length; i++)
    if (Math.abs(chars[i]!.toLowerCase().codePointAt(0)! - chars[i - 1]!.toLowerCase().codePointAt(0)!) <= 1) steps++;
  if (new Set(lower).size < 6 || steps >= (chars.length - 1) * 0.75)
    return 'The password is too repetitive (repeated or consecutive characters).';
  const local = email.split('@')[0] ?? '';
  if (local.length >= 3 && lower.includes(local))
    return 'The password must not contain the e-mail address or its name part.';
  if (COMMON.has(lower.replace(/[^\p{L}]+/gu, '')))
    return 'The password is too common: use a passphrase of several words.';
  return null;
}

export interface NewAdmin {
  email: string;
  name: string;
  password: string;
}

/** Writes the administrator; refuses an e-mail another administrator has (also when two runs race). */
export async function createAdmin(db: Db, input: NewAdmin): Promise<{ hash: string; email: string }> {
  const email = normalizeEmail(input.email);
  const name = normalizeName(input.name);
  const problem = passwordProblem(input.password, email);
  if (problem) throw new AdminInputError(problem);
  const taken = () =>
    new AdminInputError(`An administrator with the e-mail ${email} already exists; nothing was changed.`);
  if (await db.selectFrom('admins').select('hash').where('email', '=', email).executeTakeFirst()) throw taken();
  const hash = newHash();
  try {
    await db
      .insertInto('admins')
      .values({ hash, email, name, password_hash: await hashPassword(input.password), created_at: nowIso() })
      .execute();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw taken();
    throw error;
  }
  return { hash, email };
}
