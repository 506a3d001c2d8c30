import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MATRIX } from '../../src/shared/permissions';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/init', () => {
  it('gives an anonymous visitor its role, permissions and the site settings', async () => {
    const res = await t.api('GET', '/api/init');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.role).toBe('ANONYMOUS');
    expect(body.actor).toBeNull();
    expect(body.permissions).toEqual([...PERMISSION_MATRIX.ANONYMOUS]);
    expect(body.settings.email).toMatch(/@/);
    expect(body.settings.address.length).toBeGreaterThan(5);
    expect(Object.keys(body.settings.social).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'x']);
    expect(body.settings).not.toHaveProperty('ebookUrl'); // a Bold benefit: tests/api/init-library.test.ts
  });

  it.each([
    ['regular@demo.test', 'usr', 'REGULAR'],
    ['bold@demo.test', 'usr', 'BOLD'],
    ['gratis@demo.test', 'usr', 'GRATIS'],
    ['company@demo.test', 'com', 'COMPANY'],
  ] as const)('gives %s the role %s and its permissions', async (email, kind, role) => {
    const session = await t.login(email, kind);
    const body = (await t.api('GET', '/api/init', { token: session.token, deviceId: session.deviceId })).json();
    expect(body.role).toBe(role);
    expect(body.permissions).toEqual([...PERMISSION_MATRIX[role]]);
    expect(body.actor.email).toBe(email);
  });
});
