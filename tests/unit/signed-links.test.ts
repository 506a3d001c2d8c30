/**
 * Signed links to private files (DESIGN §4b, issue 7 §5): the HMAC is over path, actor and expiry, any change
 * to one of them or to the key is refused, and a link stops working when it expires.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_LINK_REFRESH_MS } from '../../src/shared/constants';
import {
  ACTOR_KEY_PATTERN,
  actorKey,
  FILE_LINK_MAX_LIFETIME_SECONDS,
  FILE_LINK_TTL_SECONDS,
  fileLinks,
  filePath,
  readSignedQuery,
  SIGNATURE_PATTERN,
  sign,
  verify,
} from '../../src/server/lib/signedLinks';

const KEY = 'k'.repeat(32);
const NOW = new Date('2026-01-01T12:00:00.000Z');
const NOW_S = NOW.getTime() / 1000;
const user = { type: 'user' as const, hash: 'u1abc' };

function parse(link: string) {
  const url = new URL(link, 'http://x');
  return {
    path: url.pathname,
    exp: Number(url.searchParams.get('exp')),
    by: url.searchParams.get('by')!,
    sig: url.searchParams.get('sig')!,
    keys: [...url.searchParams.keys()],
  };
}

describe('the link', () => {
  it('names /files/<hash>, the actor, the expiry five minutes on, and the signature', () => {
    expect(FILE_LINK_TTL_SECONDS).toBe(300);
    expect(FILE_LINK_REFRESH_MS).toBe(240_000); // pages refetch a minute before links expire
    expect(filePath('abc123')).toBe('/files/abc123');
    const link = fileLinks(KEY, user, NOW).link('abc123');
    const parts = parse(link);
    expect(parts).toEqual({
      path: '/files/abc123',
      exp: NOW_S + 300,
      by: 'user.u1abc',
      sig: parts.sig,
      keys: ['exp', 'by', 'sig'],
    });
    expect(parts.sig).toMatch(new RegExp(SIGNATURE_PATTERN));
    // the pattern the file route's schema checks: 43 base64url characters (256 bits), nothing else
    for (const bad of [parts.sig.slice(1), `${parts.sig}A`, `${parts.sig.slice(1)}+`, `${parts.sig.slice(1)}=`, ''])
      expect(new RegExp(SIGNATURE_PATTERN).test(bad), bad).toBe(false);
    expect(link).toBe(`/files/abc123?exp=${NOW_S + 300}&by=user.u1abc&sig=${parts.sig}`);
  });

  it('rounds the expiry down to whole seconds and honours another lifetime', () => {
    const link = fileLinks(KEY, user, new Date(NOW.getTime() + 999), 60).link('f');
    expect(parse(link).exp).toBe(NOW_S + 60);
  });

  it('signs HMAC-SHA256(key, "path\\nactor\\nexp") in base64url', () => {
    const expected = createHmac('sha256', KEY).update(`/files/f\nuser.u1abc\n${NOW_S}`).digest('base64url');
    expect(sign(KEY, '/files/f', 'user.u1abc', NOW_S)).toBe(expected);
    expect(parse(fileLinks(KEY, user, NOW, 0).link('f')).sig).toBe(expected);
  });

  it('writes the actor as anon or <type>.<hash>', () => {
    expect(actorKey({ type: 'anonymous', hash: null })).toBe('anon');
    expect(actorKey({ type: 'anonymous', hash: 'x' })).toBe('anon');
    expect(actorKey({ type: 'user', hash: null })).toBe('anon');
    expect(actorKey({ type: 'user', hash: '' })).toBe('anon');
    expect(actorKey({ type: 'company', hash: 'c9' })).toBe('company.c9');
    expect(actorKey({ type: 'admin', hash: 'a1' })).toBe('admin.a1');
    const pattern = new RegExp(ACTOR_KEY_PATTERN);
    for (const good of ['anon', 'user.abc', 'company.C1', 'admin.a']) expect(pattern.test(good), good).toBe(true);
    for (const bad of ['anonx', 'root.abc', 'user.', 'user.a-b', `user.${'a'.repeat(65)}`, 'xuser.abc'])
      expect(pattern.test(bad), bad).toBe(false);
  });
});

/** The query of a link handed to `user` at NOW (made inside each test: a throw here must fail a test, not the file). */
function handedOut() {
  const link = parse(fileLinks(KEY, user, NOW).link('abc123'));
  return { exp: link.exp, by: link.by, sig: link.sig };
}

describe('verify', () => {
  it('accepts the link as handed out until it expires', () => {
    const query = handedOut();
    expect(verify(KEY, '/files/abc123', query, NOW)).toBe('ok');
    expect(verify(KEY, '/files/abc123', query, new Date((NOW_S + 299) * 1000))).toBe('ok');
    expect(verify(KEY, '/files/abc123', query, new Date((NOW_S + 300) * 1000 - 1))).toBe('ok');
    expect(verify(KEY, '/files/abc123', query, new Date((NOW_S + 300) * 1000))).toBe('expired');
    expect(verify(KEY, '/files/abc123', query, new Date((NOW_S + 3600) * 1000))).toBe('expired');
  });

  it('checks the expiry against the current time by default', () => {
    const query = handedOut();
    const fresh = parse(fileLinks(KEY, user).link('f'));
    expect(verify(KEY, '/files/f', { exp: fresh.exp, by: fresh.by, sig: fresh.sig })).toBe('ok');
    expect(verify(KEY, '/files/abc123', query)).toBe('expired');
  });

  it('refuses another file, actor, expiry or key', () => {
    const query = handedOut();
    expect(verify(KEY, '/files/abc124', query, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, by: 'user.other' }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, exp: query.exp + 3600 }, NOW)).toBe('invalid');
    expect(verify('j'.repeat(32), '/files/abc123', query, NOW)).toBe('invalid');
  });

  it('refuses a forged, shortened or lengthened signature', () => {
    const query = handedOut();
    const flipped = query.sig.startsWith('A') ? `B${query.sig.slice(1)}` : `A${query.sig.slice(1)}`;
    expect(verify(KEY, '/files/abc123', { ...query, sig: flipped }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, sig: query.sig.slice(0, 42) }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, sig: `${query.sig}AAAA` }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, sig: '' }, NOW)).toBe('invalid');
  });

  it('refuses a link with a part missing or an expiry that is not a whole number', () => {
    const query = handedOut();
    expect(verify(KEY, '/files/abc123', { by: query.by, sig: query.sig }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { exp: query.exp, sig: query.sig }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { exp: query.exp, by: query.by }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, by: '' }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, exp: String(query.exp) as never }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, exp: query.exp + 0.5 }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, exp: Number.POSITIVE_INFINITY }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, exp: Number.NaN }, NOW)).toBe('invalid');
    expect(verify(KEY, '/files/abc123', { ...query, exp: 2 ** 60 }, NOW)).toBe('invalid');
  });
});

describe('a link as long-lived and as spelled as handed out (issue 23 §7)', () => {
  it('refuses a correctly signed link whose expiry is further away than the maximum lifetime', () => {
    expect(FILE_LINK_MAX_LIFETIME_SECONDS).toBeGreaterThanOrEqual(FILE_LINK_TTL_SECONDS);
    expect(FILE_LINK_MAX_LIFETIME_SECONDS).toBeLessThanOrEqual(FILE_LINK_TTL_SECONDS + 120);
    const at = (exp: number) => ({ exp, by: 'user.u1abc', sig: sign(KEY, '/files/f', 'user.u1abc', exp) });
    expect(verify(KEY, '/files/f', at(NOW_S + FILE_LINK_MAX_LIFETIME_SECONDS), NOW)).toBe('ok');
    expect(verify(KEY, '/files/f', at(NOW_S + FILE_LINK_MAX_LIFETIME_SECONDS + 1), NOW)).toBe('invalid');
    expect(verify(KEY, '/files/f', at(NOW_S + 86_400 * 365), NOW)).toBe('invalid');
    expect(verify(KEY, '/files/f', at(NOW_S + 3600), NOW)).toBe('invalid');
    // another maximum when asked
    expect(verify(KEY, '/files/f', at(NOW_S + 3600), NOW, 3600)).toBe('ok');
    expect(verify(KEY, '/files/f', at(NOW_S + 3601), NOW, 3600)).toBe('invalid');
  });

  it('refuses a signature spelled otherwise: padding, or the spare bits of its last character set', () => {
    const query = handedOut();
    expect(query.sig).toHaveLength(43);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const index = alphabet.indexOf(query.sig.at(-1)!);
    expect(index & 3).toBe(0);
    for (const spare of [1, 2, 3]) {
      const twin = `${query.sig.slice(0, -1)}${alphabet[index + spare]}`;
      expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(query.sig, 'base64url'));
      expect(verify(KEY, '/files/abc123', { ...query, sig: twin }, NOW), twin).toBe('invalid');
    }
    for (const sig of [
      `${query.sig}=`,
      `${query.sig}==`,
      ` ${query.sig}`,
      `${query.sig}.`,
      query.sig.replace(/-/g, '+').replace(/_/g, '/'),
    ]) {
      if (sig === query.sig) continue;
      expect(verify(KEY, '/files/abc123', { ...query, sig }, NOW), sig).toBe('invalid');
    }
  });

  it('reads the query only in its canonical spelling: digits without leading zeros, nothing around them', () => {
    const query = handedOut();
    const raw = { exp: String(query.exp), by: query.by, sig: query.sig };
    expect(readSignedQuery(raw)).toEqual(query);
    for (const exp of [
      `0${raw.exp}`,
      `+${raw.exp}`,
      ` ${raw.exp}`,
      `${raw.exp} `,
      `${raw.exp}.0`,
      '1e9',
      '0x10',
      '',
      '-1',
      '1'.repeat(16),
    ]) {
      expect(readSignedQuery({ ...raw, exp }), exp).toEqual({ ...query, exp: undefined });
    }
    expect(readSignedQuery({ ...raw, exp: '0' })).toEqual({ ...query, exp: 0 });
    expect(readSignedQuery({})).toEqual({ exp: undefined, by: undefined, sig: undefined });
  });
});
