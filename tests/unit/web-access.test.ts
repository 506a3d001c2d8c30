/**
 * One access control (issue 24 §2): every menu item and guarded page of the web, for every role, answers as the
 * server's matrix (src/shared/permissions.ts) says; a page's permission is the one the server routes behind it
 * declare. And one map (§1): every entity of the brief is a resource, every identifier the pages use is declared.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { PERMISSION_MATRIX, PERMISSIONS, ROLES, type Role } from '../../src/shared/permissions';
import { ADMIN_ROUTES, RESOURCES, ROUTES, routeByName } from '../../src/shared/routes';
import { allows } from '../../src/web/providers/access';
import { accountItems, COMPANY_MENU, MEMBER_MENU } from '../../src/web/layouts/accountItems';
import { ADMIN_SECTIONS } from '../../src/web/layouts/adminMenu';
import type { Identity } from '../../src/web/providers/auth';

const t = ((key: string) => key) as unknown as TFunction;
const EBOOKS = 'https://example.test/ebooks';
const identity = (role: Role): Identity =>
  ({ iss: role === 'COMPANY' ? 'company' : 'user', role }) as unknown as Identity;

describe('the account menus follow the matrix', () => {
  it('every member role sees exactly the items whose route permission its matrix row holds, the library only with library.view', () => {
    const members = ROLES.filter((role) => ['REGULAR', 'BOLD', 'GRATIS'].includes(role));
    expect(members).toHaveLength(3);
    for (const role of members) {
      const list = PERMISSION_MATRIX[role];
      const items = accountItems(identity(role), t, (action) => allows(list, action), EBOOKS);
      const wanted = MEMBER_MENU.filter((item) => list.includes(routeByName(item.route).permission!)).map(
        (item) => item.key,
      );
      expect(items.map((item) => item.key)).toEqual(list.includes('library.view') ? [...wanted, 'ebooks'] : wanted);
    }
  });

  it('a Regular member gets neither the library, applications nor the groups they would run; a Bold member gets all three', () => {
    const keys = (role: Role) =>
      accountItems(identity(role), t, (action) => allows(PERMISSION_MATRIX[role], action), EBOOKS).map(
        (item) => item.key,
      );
    expect(keys('REGULAR')).toEqual([
      'home',
      'profile',
      'settings',
      'messages',
      'card',
      'saved',
      'portfolios',
      'experiences',
      'groups',
    ]);
    expect(keys('BOLD')).toEqual([
      'home',
      'profile',
      'settings',
      'messages',
      'card',
      'subscribed',
      'saved',
      'portfolios',
      'experiences',
      'groups',
      'mygroups',
      'ebooks',
    ]);
    expect(keys('GRATIS')).toEqual(keys('BOLD'));
  });

  it('a company sees its own five items; nothing is allowed while the list is unknown', () => {
    expect(
      accountItems(identity('COMPANY'), t, (action) => allows(PERMISSION_MATRIX.COMPANY, action), EBOOKS).map(
        (item) => item.route,
      ),
    ).toEqual(COMPANY_MENU.map((item) => item.route));
    expect(accountItems(identity('BOLD'), t, (action) => allows(null, action), EBOOKS)).toEqual([]);
  });

  it('the back office menu holds every section for an administrator and none for anyone else', () => {
    expect(ADMIN_SECTIONS.length).toBeGreaterThan(10);
    for (const role of ROLES) {
      const shown = ADMIN_SECTIONS.filter((section) => allows(PERMISSION_MATRIX[role], `admin.${section}`));
      expect(shown).toEqual(role === 'ADMIN' ? [...ADMIN_SECTIONS] : []);
    }
  });
});

describe('every guarded page, every role', () => {
  const guarded = [...ROUTES, ...ADMIN_ROUTES].filter((route) => route.permission);
  it('each area and back-office page but sign-in, registration, recovery and sign-out declares a permission of the matrix', () => {
    const open = [...ROUTES, ...ADMIN_ROUTES]
      .filter((route) => route.area !== 'public' && !route.permission)
      .map((route) => route.name);
    expect(open.sort()).toEqual(
      [
        'admin.invite',
        'admin.login',
        'company.login',
        'company.logout',
        'company.recovery',
        'company.register',
        'user.login',
        'user.logout',
        'user.recovery',
        'user.invitation',
        'user.register',
      ].sort(),
    );
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of guarded) expect(PERMISSIONS).toContain(route.permission);
  });

  it('the access control answers for a route exactly as the matrix row holds its permission', () => {
    let checked = 0;
    for (const role of ROLES)
      for (const route of guarded) {
        expect([role, route.name, allows(PERMISSION_MATRIX[role], route.name)]).toEqual([
          role,
          route.name,
          PERMISSION_MATRIX[role].includes(route.permission!),
        ]);
        checked++;
      }
    expect(checked).toBe(ROLES.length * guarded.length);
    expect(allows(PERMISSION_MATRIX.REGULAR, 'user.workgroups.new')).toBe(false);
    expect(allows(PERMISSION_MATRIX.BOLD, 'user.workgroups.new')).toBe(true);
    expect(allows(PERMISSION_MATRIX.ADMIN, 'no.such.route')).toBe(false);
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('resources are the map', () => {
  it('names every entity of the brief and the areas', () => {
    const entities = new Set(RESOURCES.map((resource) => resource.entity));
    for (const entity of [
      'portfolios',
      'workExperiences',
      'jobs',
      'applicants',
      'workgroups',
      'comments',
      'cards',
      'articles',
      'companies',
      'members',
      'subscriptions',
      'payments',
      'categories',
      'tags',
      'pages',
      'administrators',
      'audit',
    ])
      expect([entity, entities.has(entity)]).toEqual([entity, true]);
  });

  it('identifiers are unique, parents and routes exist, nested ones say where they live', () => {
    const ids = RESOURCES.map((resource) => resource.identifier);
    expect(new Set(ids).size).toBe(ids.length);
    for (const resource of RESOURCES) {
      if (resource.parent) expect(ids).toContain(resource.parent);
      for (const action of ['list', 'create', 'edit', 'show'] as const)
        if (resource[action]) expect(routeByName(resource[action]!).name).toBe(resource[action]);
    }
    expect(RESOURCES.filter((resource) => resource.parent && !resource.apiPath)).toEqual([]);
  });

  it('the pages name no data provider, and every resource identifier it uses is declared', () => {
    const files = sources('src/web');
    expect(files.length).toBeGreaterThan(100);
    const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    // the one place: routing/resources.ts sets each resource's provider from the table
    expect(
      files
        .filter((file) => readFileSync(file, 'utf8').includes('dataProviderName'))
        .map((file) => file.replace(/\\/g, '/')),
    ).toEqual(['src/web/routing/resources.ts']);
    const used = [...text.matchAll(/resource: '((?:usr|com|adm)\/[A-Za-z-]+)'/g)].map((match) => match[1]!);
    expect(used.length).toBeGreaterThan(20);
    const ids = new Set(RESOURCES.map((resource) => resource.identifier));
    expect(used.filter((id) => !ids.has(id))).toEqual([]);
    // a plain name is an /api resource: declared, or named by no resource at all (Refine would pick one by its name)
    const plain = [
      ...new Set(
        [...text.matchAll(/resource: '([A-Za-z/-]+)'/g)]
          .map((match) => match[1]!)
          .filter((name) => !/^(usr|com|adm)\//.test(name)),
      ),
    ];
    expect(plain.length).toBeGreaterThan(5);
    expect(plain.filter((name) => !ids.has(name) && RESOURCES.some((resource) => resource.name === name))).toEqual([]);
  });
});

describe('one access decision in the web', () => {
  const files = () => sources('src/web').map((file) => file.replace(/\\/g, '/'));

  it("useAllowed (the light pages' hook) is used only where Refine is not loaded; menus and pages ask useCan", () => {
    const users = files().filter((file) =>
      /from '[./]*hooks\/useAllowed'|from '\.\/useAllowed'/.test(readFileSync(file, 'utf8')),
    );
    expect(users.length).toBeGreaterThan(0);
    // useAccess picks useCan inside Refine and useAllowed outside it; BenefitsPage is a light public page
    expect(users.sort()).toEqual(['src/web/hooks/useAccess.tsx', 'src/web/pages/public/static/BenefitsPage.tsx']);
  });

  it('no role name decides anything in the web outside membership wording', () => {
    const literal = new RegExp(
      `['"\`](${ROLES.join('|')})['"\`]|\\b(isBold|isMember|BOLD_ROLES|MEMBER_ROLES|boldOnly)\\b`,
    );
    const naming = files().filter((file) => literal.test(readFileSync(file, 'utf8')));
    expect(naming.length).toBeGreaterThan(0);
    // the plan, free period and renewal texts, the card's wording, the GRATIS way-to-pay prompt (a membership flow),
    // and the back office's membership requests: wording about a membership, never access
    expect(naming.sort()).toEqual(
      [
        'src/web/pages/admin/users/UsersQueuePage.tsx',
        'src/web/pages/user/card/MemberCardPanel.tsx',
        'src/web/pages/user/card/SubscriptionPanel.tsx',
        'src/web/pages/user/home/HomeBlocks.tsx',
        'src/web/pages/user/profile/IbanPage.tsx',
        'src/web/pages/user/profile/MembershipPanel.tsx',
        'src/web/routing/guards.tsx',
      ].sort(),
    );
  });
});
