/**
 * Issue 24 for the messages pages: the thread writes through Refine's mutations over the data provider of its resource
 * (useCustomMutation / useUpdate), not hand-made requests; the inbox and the thread are Refine resources.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/routes';

const source = (path: string) =>
  readFileSync(new URL(`../../src/web/pages/user/messages/${path}`, import.meta.url), 'utf8');

describe('the messages pages and Refine', () => {
  it('the thread page sends, marks read, archives, blocks and reports with Refine mutations', () => {
    const thread = source('ThreadPage.tsx');
    expect(thread).not.toMatch(/import\s*{[^}]*\brequest\b[^}]*}\s*from\s*'[^']*providers\/http'/);
    expect(thread).not.toMatch(/\brequest\(/);
    expect(thread).toMatch(/useCustomMutation/);
    expect(thread).toMatch(/useUpdate/);
  });

  it('the inbox and the thread are resources of the member and company areas', () => {
    const messages = RESOURCES.filter((r) => r.name === 'messages');
    expect(messages.map((r) => r.identifier).sort()).toEqual(['adm/messages', 'com/messages', 'usr/messages']);
    const usr = messages.find((r) => r.identifier === 'usr/messages')!;
    expect([usr.list, usr.show]).toEqual(['user.messages', 'user.messages.show']);
    const com = messages.find((r) => r.identifier === 'com/messages')!;
    expect([com.list, com.show]).toEqual(['company.messages', 'company.messages.show']);
  });
});
