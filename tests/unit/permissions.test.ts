import { describe, expect, it } from 'vitest';
import { makeDeviceId } from '../../src/shared/constants';
import { can, PERMISSION_MATRIX, PERMISSIONS, ROLES, type Permission, type Role } from '../../src/shared/permissions';

const BOLD_BENEFITS: Permission[] = [
  'articles.subscribe',
  'jobs.view',
  'jobs.apply',
  'directory.details',
  'workgroups.subscribe',
  'workgroups.create',
  'card.view',
  'library.view',
];

describe('the SPEC §6 permission matrix', () => {
  it('lets anonymous visitors browse but not save, subscribe or apply', () => {
    expect(can('ANONYMOUS', 'public.browse')).toBe(true);
    for (const p of ['articles.save', 'jobs.apply', 'articles.subscribe', 'user.self'] as Permission[])
      expect(can('ANONYMOUS', p), p).toBe(false);
  });

  it('gives Regular members saving but none of the Bold benefits', () => {
    expect(can('REGULAR', 'articles.save')).toBe(true);
    for (const p of BOLD_BENEFITS) expect(can('REGULAR', p), p).toBe(false);
  });

  it.each(['BOLD', 'GRATIS'] as Role[])('gives %s every Bold benefit', (role) => {
    for (const p of [...BOLD_BENEFITS, 'articles.save', 'user.self'] as Permission[])
      expect(can(role, p), p).toBe(true);
  });

  it('lets companies manage offers and candidates and see the directory, but not act as members', () => {
    for (const p of ['company.jobs.manage', 'company.candidates', 'directory.details', 'company.self'] as Permission[])
      expect(can('COMPANY', p), p).toBe(true);
    for (const p of ['jobs.apply', 'articles.save', 'user.self', 'workgroups.subscribe'] as Permission[])
      expect(can('COMPANY', p), p).toBe(false);
  });

  it('keeps the back office to administrators', () => {
    for (const role of ROLES) expect(can(role, 'admin.validate'), role).toBe(role === 'ADMIN');
  });

  it('only names known permissions', () => {
    for (const role of ROLES) {
      expect(PERMISSION_MATRIX[role].length, role).toBeGreaterThan(0);
      for (const p of PERMISSION_MATRIX[role]) expect(PERMISSIONS).toContain(p);
    }
  });
});

describe('device ids', () => {
  it('are five random base-36 strings joined', () => {
    const values = [0.123456789, 0.5, 0.987654321, 0.25, 0.75];
    let i = 0;
    const id = makeDeviceId(() => values[i++]!);
    expect(id).toBe(values.map((v) => v.toString(36).slice(2)).join(''));
    expect(makeDeviceId()).toMatch(/^[a-z0-9]{8,}$/);
    expect(makeDeviceId()).not.toBe(makeDeviceId());
  });
});
