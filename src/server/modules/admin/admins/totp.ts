/**
 * The administrators' second factor (DESIGN §7): TOTP (RFC 6238, otplib's authenticator: 30-second steps, one step of
 * drift allowed) with the secret stored encrypted (AES-256-GCM, key derived from SECRET_KEY, so a copy of the database
 * alone does not give the codes away), a code accepted once (the step used is kept), and ten one-time recovery codes
 * stored as SHA-256 hashes.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import { sha256 } from '../../../lib/ids';

const STEP_SECONDS = 30;
authenticator.options = { step: STEP_SECONDS, window: 1 };

const keyOf = (secretKey: string) => createHash('sha256').update(`totp\n${secretKey}`).digest();

export function newTotpSecret(): string {
  return authenticator.generateSecret();
}

export function encryptSecret(secretKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

export function decryptSecret(secretKey: string, stored: string): string {
  const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

export function otpauthUri(email: string, secret: string): string {
  return authenticator.keyuri(email, 'Alumni', secret);
}

/** The time step a code belongs to (now, or one step before or after), or null when it is not a current code. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = authenticator.checkDelta(code, secret);
  return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

/** Ten codes like `k7f2-9qxm`, shown once; only their hashes are kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: 10 }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  return { codes, hashes: codes.map((code) => sha256(code)) };
}

export const isRecoveryCode = (code: string) => /^[a-z0-9]{4}-[a-z0-9]{4}$/.test(code.trim().toLowerCase());
