/** Deny by default (issue 7 §1): a route that does not declare who may call it keeps the app from starting. */
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { describe, expect, it } from 'vitest';
import { isApiPattern, pages, routeAccessPlugin, routeProblems } from '../../src/server/plugins/routeAccess';

const ok = { response: { 200: { type: 'object' } } };

async function start(register: (app: ReturnType<typeof Fastify>) => void | Promise<void>) {
  const app = Fastify();
  routeAccessPlugin(app);
  await register(app);
  try {
    await app.ready();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await app.close();
  }
}

describe('route access declarations', () => {
  it('starts when every route declares its access', async () => {
    const problem = await start((app) => {
      app.get('/api/things', { config: { permission: 'public.browse' }, schema: ok }, async () => ({}));
      app.get('/about.txt', { config: { page: true } }, async () => 'about');
    });
    expect(problem).toBeNull();
  });

  it('refuses an API route without a permission', async () => {
    expect(await start((app) => app.get('/usr/secret', { schema: ok }, async () => ({})))).toMatch(
      /GET.*\/usr\/secret: no declared permission/,
    );
  });

  it('refuses an unknown permission, a page under an API prefix and a permission on a page', async () => {
    expect(
      await start((app) =>
        app.get('/adm/x', { config: { permission: 'root' as never }, schema: ok }, async () => ({})),
      ),
    ).toMatch(/unknown permission root/);
    expect(
      await start((app) =>
        app.get('/com/x', { config: { permission: 'public.browse', page: true }, schema: ok }, async () => ({})),
      ),
    ).toMatch(/cannot be a page/);
    expect(await start((app) => app.get('/x', { config: { permission: 'public.browse' } }, async () => ({})))).toMatch(
      /never be checked/,
    );
  });

  it("lets only an administrator's own routes be used before the second factor (issue 23 §2)", async () => {
    expect(
      await start((app) =>
        app.get(
          '/adm/users',
          { config: { permission: 'admin.validate', beforeSecondFactor: true } as never, schema: ok },
          async () => ({}),
        ),
      ),
    ).toMatch(/beforeSecondFactor outside admin.self/);
    expect(
      await start((app) =>
        app.get(
          '/adm/me',
          { config: { permission: 'admin.self', beforeSecondFactor: true }, schema: ok },
          async () => ({}),
        ),
      ),
    ).toBeNull();
  });

  it('refuses a page route that declares nothing', async () => {
    expect(await start((app) => app.get('/somewhere', async () => 'x'))).toMatch(/no declared access/);
  });

  it("marks a third-party plugin's routes as pages only when wrapped in pages()", async () => {
    const root = process.cwd();
    expect(await start((app) => app.register(fastifyStatic, { root, prefix: '/files/' }))).toMatch(
      /\/files\/\*: no declared access/,
    );
    expect(await start((app) => app.register(pages(fastifyStatic as never, { root, prefix: '/files/' })))).toBeNull();
  });

  it('knows the API prefixes by pattern', () => {
    expect(isApiPattern('/api')).toBe(true);
    expect(isApiPattern('/api/jobs')).toBe(true);
    expect(isApiPattern('/adm/users/:id')).toBe(true);
    expect(isApiPattern('/apis')).toBe(false);
    expect(isApiPattern('/es/api')).toBe(false);
    expect(
      routeProblems({ url: '/usr/x', method: 'POST', schema: { response: {} }, config: { permission: 'user.self' } }),
    ).toEqual(['no body schema']);
    expect(
      routeProblems({ url: '/usr/:id', method: 'GET', schema: { response: {} }, config: { permission: 'user.self' } }),
    ).toEqual(['no params schema']);
  });
});
