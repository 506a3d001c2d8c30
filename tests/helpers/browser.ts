/** Debian's Chromium driven by playwright-core, against the real server on a free port (seeded SQLite). */
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb } from '../../src/server/db/dialect';
import { localizePath } from '../../src/shared/routes';
import { seededTestDatabase } from './db';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

export interface LiveServer {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The whole portal as `npm start` serves it, on a throwaway seeded database; `env` adds settings (e.g. SMTP_URL). */
export async function startLiveServer(env: Record<string, string> = {}): Promise<LiveServer> {
  const database = await seededTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DIST_DIR: process.env['TEST_DIST_DIR'] ?? join(process.cwd(), 'dist'),
    PUBLIC_URL: 'http://127.0.0.1:3999',
    RATE_LIMIT_SCALE: '1000',
    TASKS_POLL_SECONDS: '0',
    ...env,
  });
  const db = createDb(config.databaseUrl);
  const app = await buildApp(config, { db, migrate: false, closeDb: true });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    close: async () => {
      await app.close();
      await database.cleanup();
    },
  };
}

/** A page that records console errors and failed requests, so a test can assert there were none. */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  inFlight(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Answers the cookie notice in advance (tests about other things should not have to click it away). */
export async function withCookieChoice(
  context: BrowserContext,
  url: string,
  value: 'all' | 'necessary' = 'necessary',
): Promise<BrowserContext> {
  await context.addCookies([{ name: 'cookie_consent', value, url }]);
  return context;
}

/**
 * One Chromium for the whole browser run (started by tests/helpers/chromium-global.ts, shared over its
 * WebSocket endpoint); a file connects to it, or launches its own when run outside that setup.
 */
export async function connectChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return preferReducedMotion(endpoint ? await chromium.connect(endpoint) : await launchChromium());
}

/**
 * Every context of the browser suite prefers reduced motion unless it asks otherwise: antd's dialogs, drawers and
 * menus then open without zooming or sliding (components/AntdScope honours the setting, WCAG 2.3.3), so a click never
 * lands on a dialog still zooming in on a loaded machine. tests/e2e/reduced-motion.test.ts checks both settings.
 */
function preferReducedMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * The usual frame of a browser test file: a live server of its own (with `env` settings) and the shared
 * Chromium, handed to `use` before the file's tests, both closed after them. `env` may be a function when a
 * setting is known only once an earlier hook ran (the SMTP peer's address).
 */
export function onBrowserSuite(
  use: (live: { server: LiveServer; browser: Browser }) => void,
  env: Record<string, string> | (() => Record<string, string>) = {},
): void {
  let live: { server: LiveServer; browser: Browser } | null = null;
  beforeAll(async () => {
    live = { server: await startLiveServer(typeof env === 'function' ? env() : env), browser: await connectChromium() };
    use(live);
  });
  afterAll(async () => {
    await live?.browser.close(); // a connected browser only disconnects; the shared one stays up
    await live?.server.close();
  });
}

/** Signs in through the public sign-in page of `lng` and (unless `leaves` is false: a refusal is expected) waits until it has left it. */
export async function signInAt(
  page: Page,
  baseUrl: string,
  email: string,
  {
    lng = 'en',
    password = 'demo-password',
    leaves = true,
    company = false,
  }: { lng?: 'es' | 'en' | 'ca'; password?: string; leaves?: boolean; company?: boolean } = {},
): Promise<void> {
  const login = localizePath(company ? 'company.login' : 'login', lng);
  await page.goto(`${baseUrl}${login}`);
  await page.locator('#root_email').fill(email);
  await page.locator('#root_password').fill(password);
  await page.locator('form button[type=submit]').first().click();
  if (leaves) await page.waitForURL((url) => url.pathname !== login);
}

const IN_FLIGHT = new WeakMap<Page, Set<Request>>();
/** A signed-in person's header keeps the message stream open (server-sent events): it never counts as pending. */
const ENDLESS = /\/messages\/events(\?|$)/;

/** The requests a page has in flight, but the endless ones; followed from the first call on (newPage calls it). */
function inFlight(page: Page): Set<Request> {
  const known = IN_FLIGHT.get(page);
  if (known) return known;
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (!ENDLESS.test(request.url())) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  IN_FLIGHT.set(page, pending);
  return pending;
}

/**
 * Playwright's 'networkidle' (no request for 500 ms) without the message stream: a page a signed-in person opens
 * keeps that stream open as long as it is shown, so 'networkidle' would never come.
 */
export async function settle(page: Page, { quietMs = 500, timeout = 30_000 } = {}): Promise<void> {
  const pending = inFlight(page);
  await page.waitForLoadState('load', { timeout });
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `${page.url()} kept requests in flight for ${timeout} ms: ${[...pending].map((request) => request.url()).join(', ')}`,
  );
}

/** page.goto, then settle(): the answer of the navigation, once nothing but the message stream is loading. */
export async function gotoSettled(page: Page, url: string) {
  inFlight(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  await settle(page);
  return response;
}
