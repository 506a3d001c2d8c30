/**
 * The server render as an operator runs it: `node src/server/main.ts` in production mode, in its own process,
 * loading the built renderer the way Node loads it outside any test runner. The in-process tests (ssr.test.ts)
 * cannot see a renderer that only breaks there (it once loaded its page chunks as a second copy of React and
 * every page fell back to the client shell, still answering 200).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localizePath } from '../../src/shared/routes';
import { runNode, type RunningProcess } from '../helpers/process';

let proc: RunningProcess;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'alumni-ssr-process-'));
  proc = runNode('src/server/main.ts', {
    NODE_ENV: 'production',
    API_KEY: 'a-production-api-key-for-tests',
    PUBLIC_URL: 'https://alumni.example.org',
    SECRET_KEY: 'x'.repeat(24) + '-production-secret-key',
    SEED_DEMO: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    DATA_DIR: dataDir,
    DIST_DIR: process.env['TEST_DIST_DIR'] ?? join(process.cwd(), 'dist'),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
  });
  base = await proc.ready(120_000);
}, 150_000);

afterAll(async () => {
  await proc?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const page = async (path: string) => {
  const res = await fetch(base + path);
  return { status: res.status, text: await res.text() };
};

/** The markup the server put in #root (empty for the client-rendered shell). */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="ssr-state">/.exec(html)?.[1] ?? '';

describe('server render in a production process', () => {
  it('renders the job list, a job and the news with their content, and logs no failed render', async () => {
    const api = await fetch(`${base}/api/jobs?page=1&size=3`, {
      headers: { apikey: 'a-production-api-key-for-tests', language: 'en' },
    });
    const jobs = ((await api.json()) as { items: Array<{ title: string; slug: string }> }).items;
    expect(jobs.length).toBeGreaterThan(0);

    const list = await page(localizePath('jobs', 'en'));
    expect(list.status).toBe(200);
    const listRoot = rootOf(list.text);
    for (const job of jobs) expect(listRoot).toContain(job.title.replace(/&/g, '&amp;'));

    const detail = await page(localizePath('jobs.show', 'en', { slug: jobs[0]!.slug }));
    expect(rootOf(detail.text)).toContain(jobs[0]!.title.replace(/&/g, '&amp;'));

    for (const path of [localizePath('home', 'en'), localizePath('news', 'es'), localizePath('community', 'ca')]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(rootOf(res.text).length, `${path} has server-rendered content`).toBeGreaterThan(1000);
    }
    expect(proc.output()).not.toContain('server render failed');
  });
});
