/** The profile's completeness rules and the member state machine: pure code both sides read. */
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  MEMBER_ACTIONS,
  MEMBER_DECISIONS,
  MEMBER_MOVES,
  MEMBER_STATUSES,
  REASON_REQUIRED,
  canMoveMember,
} from '../../src/shared/memberMoves';
import { isFilled, maskIban, profileStatus, type ProfileSchema } from '../../src/shared/profile';

const schema: ProfileSchema = {
  properties: {
    name: { 'x-profile-weight': 10, 'x-profile-required': true },
    city: { 'x-profile-weight': 30 },
    cv: { 'x-profile-weight': 60, 'x-profile-required': true },
    about: { 'x-profile-weight': 0 },
    note: {},
  },
};

describe('profile completeness', () => {
  it('knows what counts as filled', () => {
    expect(isFilled(null)).toBe(false);
    expect(isFilled(undefined)).toBe(false);
    expect(isFilled('')).toBe(false);
    expect(isFilled('   ')).toBe(false);
    expect(isFilled(' x ')).toBe(true);
    expect(isFilled([])).toBe(false);
    expect(isFilled(['a'])).toBe(true);
    expect(isFilled(0)).toBe(true);
    expect(isFilled(false)).toBe(true);
    expect(isFilled({})).toBe(true);
  });

  it('weighs the filled fields and names the next step worth most', () => {
    expect(profileStatus(schema, {})).toEqual({
      profile_level: 0,
      profile_complete: false,
      next_step: { field: 'cv', percent: 60 },
      missing: ['name', 'cv'],
    });
    expect(profileStatus(schema, { name: 'Ana', about: 'x', note: 'y' })).toEqual({
      profile_level: 10,
      profile_complete: false,
      next_step: { field: 'cv', percent: 60 },
      missing: ['cv'],
    });
    expect(profileStatus(schema, { name: 'Ana', cv: 'h' })).toEqual({
      profile_level: 70,
      profile_complete: true,
      next_step: { field: 'city', percent: 30 },
      missing: [],
    });
    expect(profileStatus(schema, { name: 'Ana', cv: 'h', city: 'Vic' })).toEqual({
      profile_level: 100,
      profile_complete: true,
      next_step: null,
      missing: [],
    });
  });

  it('suggests what a complete profile still needs before a heavier optional field', () => {
    const mixed: ProfileSchema = {
      properties: {
        cv: { 'x-profile-weight': 15 },
        city: { 'x-profile-weight': 5, 'x-profile-required': true },
        job: { 'x-profile-weight': 10, 'x-profile-required': true },
      },
    };
    expect(profileStatus(mixed, {}).next_step).toEqual({ field: 'job', percent: 33 });
    expect(profileStatus(mixed, { job: 'Designer' }).next_step).toEqual({ field: 'city', percent: 17 });
    expect(profileStatus(mixed, { job: 'Designer', city: 'Vic' }).next_step).toEqual({ field: 'cv', percent: 50 });
  });

  it('keeps the first of equal weights, rounds, and treats a schema without weights as complete', () => {
    const even: ProfileSchema = {
      properties: { a: { 'x-profile-weight': 1 }, b: { 'x-profile-weight': 1 }, c: { 'x-profile-weight': 1 } },
    };
    expect(profileStatus(even, { a: 1 })).toEqual({
      profile_level: 33,
      profile_complete: true,
      next_step: { field: 'b', percent: 33 },
      missing: [],
    });
    expect(profileStatus(even, { a: 1, b: 1 }).profile_level).toBe(67);
    expect(profileStatus({ properties: { a: {} } }, {})).toEqual({
      profile_level: 100,
      profile_complete: true,
      next_step: null,
      missing: [],
    });
    expect(profileStatus({ properties: { a: { 'x-profile-required': true } } }, {})).toEqual({
      profile_level: 100,
      profile_complete: false,
      next_step: null,
      missing: ['a'],
    });
  });

  it('masks an IBAN but for the country, check digits and last four', () => {
    expect(maskIban('ES9121000418450200051332')).toBe('ES91 **** **** **** **** 1332');
    expect(maskIban('es91 2100 0418 4502 0005 1332')).toBe('ES91 **** **** **** **** 1332');
    expect(maskIban('GB33BUKB20201555555555')).toBe('GB33 **** **** **** **** 55');
    expect(maskIban('')).toBe('');
  });
});

describe('member moves', () => {
  it('allows exactly the moves of the table', () => {
    const allowed = MEMBER_STATUSES.flatMap((from) =>
      MEMBER_DECISIONS.filter((to) => canMoveMember(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual(['PENDING>VALIDATED', 'PENDING>REJECTED', 'VALIDATED>DISABLED', 'DISABLED>VALIDATED']);
    expect(MEMBER_MOVES.REJECTED).toEqual([]);
    expect(canMoveMember('UNKNOWN', 'VALIDATED')).toBe(false);
    expect(canMoveMember('PENDING', 'PENDING')).toBe(false);
    expect(canMoveMember('PENDING', 'DELETED')).toBe(false);
  });

  it('asks a reason only for a rejection and names each audit action', () => {
    expect(REASON_REQUIRED).toEqual(['REJECTED']);
    expect(MEMBER_ACTIONS).toEqual({
      VALIDATED: 'user.validated',
      REJECTED: 'user.rejected',
      DISABLED: 'user.disabled',
    });
    expect(AUDIT_ACTIONS).toEqual(['user.validated', 'user.rejected', 'user.disabled', 'user.deleted']);
    expect(MEMBER_STATUSES).toEqual(['PENDING', 'VALIDATED', 'REJECTED', 'DISABLED', 'DELETED']);
  });
});
