/**
 * The whole SPEC §6 matrix, permission by permission: which roles hold it, and nobody else. Plus the
 * role groups (members, Bold) and the shared constants of SPEC §9.
 */
import { describe, expect, it } from 'vitest';
import * as constants from '../../src/shared/constants';
import {
  BOLD_ROLES,
  can,
  isBold,
  isMember,
  MEMBER_ROLES,
  PERMISSION_MATRIX,
  PERMISSIONS,
  ROLES,
  type Permission,
  type Role,
} from '../../src/shared/permissions';

const ALL: Role[] = ['ANONYMOUS', 'REGULAR', 'BOLD', 'GRATIS', 'COMPANY', 'ADMIN'];
const MEMBERS: Role[] = ['REGULAR', 'BOLD', 'GRATIS'];
const BOLDS: Role[] = ['BOLD', 'GRATIS'];

/** Who holds each permission (SPEC §6; DESIGN §4b for the sign-in doors and the back office). */
const HOLDERS: Record<Permission, Role[]> = {
  'public.browse': ALL,
  'session.refresh': ALL,
  'user.login': ['ANONYMOUS'],
  'user.register': ['ANONYMOUS'],
  'user.self': MEMBERS,
  'user.portfolios.manage': MEMBERS,
  'user.experiences.manage': MEMBERS,
  'articles.save': MEMBERS,
  'articles.subscribe': BOLDS,
  'jobs.view': [...BOLDS, 'COMPANY', 'ADMIN'],
  'jobs.apply': BOLDS,
  'directory.details': [...BOLDS, 'COMPANY', 'ADMIN'],
  'workgroups.subscribe': BOLDS,
  'workgroups.create': BOLDS,
  'workgroups.comment': BOLDS,
  'card.view': BOLDS,
  'membership.manage': MEMBERS,
  'library.view': BOLDS,
  'company.login': ['ANONYMOUS'],
  'company.register': ['ANONYMOUS'],
  'company.self': ['COMPANY'],
  'company.jobs.manage': ['COMPANY'],
  'company.candidates': ['COMPANY'],
  'admin.login': ['ANONYMOUS'],
  'admin.self': ['ADMIN'],
  'admin.validate': ['ADMIN'],
  'admin.content': ['ADMIN'],
  'user.messages': MEMBERS,
  'company.messages': ['COMPANY'],
  'admin.messages': ['ADMIN'],
};

describe('the permission matrix, cell by cell', () => {
  it('knows the six roles and every permission', () => {
    expect([...ROLES]).toEqual(ALL);
    expect([...PERMISSIONS].sort()).toEqual(Object.keys(HOLDERS).sort());
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it.each(Object.entries(HOLDERS))('%s is held by exactly %j', (permission, holders) => {
    for (const role of ALL)
      expect(can(role, permission as Permission), `${role} ${permission}`).toBe(holders.includes(role));
  });

  it.each(ALL)('%s holds exactly its permissions, each once', (role) => {
    const expected = PERMISSIONS.filter((permission) => HOLDERS[permission].includes(role));
    expect(expected.length).toBeGreaterThan(0);
    expect([...PERMISSION_MATRIX[role]].sort()).toEqual([...expected].sort());
  });

  it('refuses a permission that does not exist', () => {
    for (const role of ALL) expect(can(role, 'admin.everything' as Permission), role).toBe(false);
  });
});

describe('role groups', () => {
  it('members are Regular, Bold and GRATIS', () => {
    expect([...MEMBER_ROLES]).toEqual(MEMBERS);
    for (const role of ALL) expect(isMember(role), role).toBe(MEMBERS.includes(role));
  });

  it('Bold benefits go to Bold and its free period GRATIS', () => {
    expect([...BOLD_ROLES]).toEqual(BOLDS);
    for (const role of ALL) expect(isBold(role), role).toBe(BOLDS.includes(role));
  });
});

describe('SPEC §9 constants', () => {
  it('has the three locales, Spanish first and default, and the locale cookie', () => {
    expect([...constants.LOCALES]).toEqual(['es', 'en', 'ca']);
    expect(constants.DEFAULT_LOCALE).toBe('es');
    expect(constants.LOCALE_COOKIE).toBe('i18n_redirected');
    expect(constants.LOCALE_COOKIE_DAYS).toBe(365);
  });

  it('recognises only the three locale codes as locales', () => {
    for (const lng of ['es', 'en', 'ca']) expect(constants.isLocale(lng), lng).toBe(true);
    for (const value of ['fr', 'ES', 'e', 'es-ES', '', null, undefined, 1, ['es'], { es: 1 }])
      expect(constants.isLocale(value), String(value)).toBe(false);
  });

  it('has the page sizes, limits and timings of SPEC §9', () => {
    expect(constants.PAGE_SIZES).toEqual({
      articles: 9,
      jobs: 10,
      users: 10,
      portfolios: 24,
      experiences: 24,
      cards: 24,
      workgroups: 6,
      workgroupComments: 6,
      workgroupFiles: 6,
      workgroupUsers: 12,
      companyJobs: 10,
      applicants: 10,
    });
    expect(constants.MAX_PAGE_SIZE).toBe(100);
    expect(constants.DEBOUNCE_MS).toEqual({ text: 500, choice: 250 });
    expect(constants.TOAST_MS).toBe(5000);
    expect(constants.DEVICE_TYPE).toBe(2);
    expect(constants.BOLD_FEE_EUR).toBe(50);
    expect(constants.FIRST_YEAR).toBe(2015);
  });

  it('has the states and kinds of SPEC §3–§4', () => {
    expect([...constants.CONTRACTS]).toEqual([
      'INDEFINITE',
      'TEMPORAL',
      'FREELANCE',
      'PART-TIME',
      'FULL-TIME',
      'INTERNSHIP',
    ]);
    expect([...constants.JOB_STATUSES]).toEqual(['PENDING', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED']);
    expect([...constants.APPLICANT_STATUSES]).toEqual(['PENDING', 'ACCEPTED', 'CANCELLED']);
    expect([...constants.ARTICLE_TYPES]).toEqual(['NEWS', 'EVENT']);
    expect([...constants.WORKGROUP_TYPES]).toEqual(['PUBLIC', 'PRIVATE']);
    expect([...constants.MEMBERSHIP_STATUSES]).toEqual(['PENDING', 'ACCEPTED', 'CANCELLED']);
    expect([...constants.CONTENT_STATUSES]).toEqual(['UNPUBLISHED', 'PENDING', 'PUBLISHED']);
    expect([...constants.ACCOUNT_STATUSES]).toEqual(['PENDING', 'VALIDATED', 'DISABLED']);
    expect([...constants.PROFILE_TYPES]).toEqual(['student', 'pas', 'professor']);
  });

  it('makes a device id of exactly five random parts', () => {
    let calls = 0;
    const id = constants.makeDeviceId(() => {
      calls++;
      return 0.5; // 0.5 in base 36 is "0.i"
    });
    expect(calls).toBe(5);
    expect(id).toBe('iiiii');
  });
});
