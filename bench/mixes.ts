/**
 * The mixes beside the public one (issue 27 §1): what the anonymous cache does not answer.
 *  - "anonymous, new URLs": searches, filters, pages and page sizes whose URL never repeats within a run
 *    (a counter walks page size fastest, then filter × page), so every request is computed;
 *  - "member reads": a signed-in member's own pages (bold@demo.test: me, applications, saved articles,
 *    portfolios, experiences, groups, the job and article lists as a member sees them);
 *  - "member writes": save / unsave an article, apply to / withdraw from an offer, a post on a group wall.
 *  - "member messages": the same member's inbox (pages 1 and 2), unread count (the header badge's poll) and three
 *    threads of theirs (issue 29 §5; the big dataset gives them 400 conversations of 5–150 messages);
 *  - "anonymous searches": text searches alone (offers, directory, news, groups) as people type them — whole words,
 *    the start of a word, accents left out, two words — whose URL never repeats within a run (issue 27 §2);
 * Each request carries the key of its body for bare Fastify (bench/bare-server.ts answers an unknown URL with
 * the body kept for its path), so both sides send bodies of the same size.
 */
import type { Request } from 'autocannon';

const DEMO_PASSWORD = 'demo-password';
const DEVICE = 'benchdevice0123456789';
const MEMBER = 'bold@demo.test';

export interface Mix {
  name: string;
  /** autocannon requests of one cycle (dynamic ones through setupRequest). */
  requests: Request[];
  /** Extra headers on every request (the member's token). */
  headers: Record<string, string>;
  /** The URLs to fetch once, before the load, for bare Fastify's bodies: method, path, body. */
  samples: Array<{ method: string; path: string; body?: string; type?: string }>;
}

const WORDS = [
  'designer',
  'engineer',
  'garcia',
  'manager',
  'data',
  'marketing',
  'barcelona',
  'madrid',
  'developer',
  'analyst',
  'sales',
  'lopez',
  'project',
  'art',
  'student',
  'product',
];
const CONTRACTS = ['INDEFINITE', 'TEMPORAL', 'FREELANCE', 'PART-TIME', 'FULL-TIME', 'INTERNSHIP'];

/** The n-th URL of the anonymous mix: page size walks 1..50 fastest, then (template, word, page). */
export function newUrl(n: number): string {
  // 50 × 6 × 16 × 3 = 14,400 URLs before one repeats: far beyond the public cache's 2,000 entries
  const size = 1 + (n % 50);
  let rest = Math.floor(n / 50);
  const template = rest % 6;
  rest = Math.floor(rest / 6);
  const wordIndex = rest % WORDS.length;
  const word = WORDS[wordIndex]!;
  rest = Math.floor(rest / WORDS.length);
  const page = 1 + (rest % 3);
  const q = `page=${page}&size=${size}`;
  switch (template) {
    case 0:
      return `/api/jobs?text=${word}&${q}`;
    case 1:
      return `/api/jobs?contract=${CONTRACTS[wordIndex % CONTRACTS.length]}&text=${word.slice(0, 4)}&${q}`;
    case 2:
      return `/api/users?text=${word}&${q}`;
    case 3:
      return `/api/users?graduation_year=${1995 + wordIndex}&${q}`;
    case 4:
      return `/api/articles?text=${word}&${q}`;
    default:
      return `/api/workgroups?text=${word}&${q}`;
  }
}

/** What people type: whole words, starts of words, accents left out or not, two words in any order. */
const SEARCHES = [
  'disen',
  'diseñador',
  'ingenie',
  'garcia',
  'martínez',
  'maria lopez',
  'marketing',
  'barcelona',
  'madr',
  'desarroll',
  'proyecto',
  'arquitect',
  'fabricacion',
  'cliente',
  'equipo',
  'estudio',
  'product',
  'data',
  'design',
  'engineer',
  'manager',
  'grafico disen',
  'valencia',
  'expo',
];
const SEARCHED_LISTS = ['/api/jobs', '/api/users', '/api/articles', '/api/workgroups'];

/** The n-th URL of the search mix: page size walks 1..50 fastest, then list, search and page (14,400 before one repeats). */
export function searchUrl(n: number): string {
  const size = 1 + (n % 50);
  let rest = Math.floor(n / 50);
  const list = SEARCHED_LISTS[rest % SEARCHED_LISTS.length]!;
  rest = Math.floor(rest / SEARCHED_LISTS.length);
  const text = SEARCHES[rest % SEARCHES.length]!;
  rest = Math.floor(rest / SEARCHES.length);
  const page = 1 + (rest % 3);
  return `${list}?text=${encodeURIComponent(text)}&page=${page}&size=${size}`;
}

async function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<any> {
  const response = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Signs the member in and addresses every mix with real ids from the running portal. */
export async function discoverMixes(base: string, headers: Record<string, string>): Promise<Mix[]> {
  const login = await call(base, 'POST', '/usr/login', headers, {
    email: MEMBER,
    password: DEMO_PASSWORD,
    deviceId: DEVICE,
    deviceType: 2,
    push: null,
  });
  const member = { ...headers, token: String(login.token), deviceid: DEVICE, type: '2' };

  let counter = 0;
  const anonymous: Mix = {
    name: 'anonymous, new URLs',
    headers: {},
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: newUrl(counter++) }) }],
    samples: [],
  };
  // 200 URLs from far along the counter (never reached by a run) give bare Fastify the body size per path
  for (let i = 0; i < 200; i++) anonymous.samples.push({ method: 'GET', path: newUrl(10_000_000 + i * 37) });
  let searchCounter = 0;
  const searches: Mix = {
    name: 'anonymous searches',
    headers: {},
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: searchUrl(searchCounter++) }) }],
    samples: [],
  };
  for (let i = 0; i < 200; i++) searches.samples.push({ method: 'GET', path: searchUrl(10_000_000 + i * 37) });

  const reads = [
    '/usr/users/me',
    '/api/jobs?subscribed_by_me=true',
    '/api/articles?saved_by_me=true',
    '/usr/portfolios',
    '/usr/workExperiences',
    '/usr/workgroups',
    '/api/jobs?page=1',
    '/api/articles?page=1',
  ];
  const memberReads: Mix = {
    name: 'member reads',
    headers: member,
    requests: reads.map((path) => ({ method: 'GET', path })),
    samples: reads.map((path) => ({ method: 'GET', path })),
  };

  const articles = (await call(base, 'GET', '/api/articles?page=1&size=3', member)).items as Array<{ hash: string }>;
  const jobs = (await call(base, 'GET', '/api/jobs?page=1&size=3', member)).items as Array<{ slug: string }>;
  const groups = (await call(base, 'GET', '/usr/workgroups', member)).items as Array<{
    hash: string;
    slug?: string;
    status?: string;
  }>;
  const group = groups.find((g) => g.status === 'PUBLISHED') ?? groups[0];
  if (articles.length < 1 || jobs.length < 1 || !group)
    throw new Error('member writes: no article, offer or group to write to');
  // the wall takes multipart only (content, parent?, file?): a text post
  const boundary = 'benchboundary0123456789';
  const post = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nA benchmark post on the group wall.\r\n--${boundary}--\r\n`;
  const postType = `multipart/form-data; boundary=${boundary}`;
  const writes: Request[] = [
    // each toggle twice per cycle: saved then unsaved, applied then withdrawn (whatever the state at start)
    { method: 'PATCH', path: `/api/articles/${articles[0]!.hash}/save` },
    { method: 'PATCH', path: `/api/jobs/${jobs[0]!.slug}/subscribe` },
    { method: 'PATCH', path: `/api/articles/${articles[0]!.hash}/save` },
    { method: 'PATCH', path: `/api/jobs/${jobs[0]!.slug}/subscribe` },
    {
      method: 'POST',
      path: `/api/workgroups/${group.slug ?? group.hash}/comments`,
      body: post,
      headers: { ...member, 'content-type': postType },
    },
  ];
  const memberWrites: Mix = {
    name: 'member writes',
    headers: member,
    requests: writes,
    // an even number of toggles: the sample leaves the state as it found it
    samples: writes.concat(writes.slice(0, 4)).map((r) => ({
      method: r.method!,
      path: r.path!,
      body: r.body as string | undefined,
      type: r.body ? postType : undefined,
    })),
  };
  const inbox = (await call(base, 'GET', '/usr/messages?page=1&size=20', member)).items as Array<{ hash: string }>;
  const messagePaths = [
    '/usr/messages',
    '/usr/messages/unread',
    '/usr/messages?page=2',
    '/usr/messages/unread',
    // the newest, one further down and the last of the first page: threads of different lengths
    ...[inbox[0], inbox[Math.floor(inbox.length / 2)], inbox.at(-1)].flatMap((c) =>
      c ? [`/usr/messages/${c.hash}`] : [],
    ),
  ];
  const memberMessages: Mix = {
    name: 'member messages',
    headers: member,
    requests: messagePaths.map((path) => ({ method: 'GET', path })),
    samples: messagePaths.map((path) => ({ method: 'GET', path })),
  };
  return [anonymous, searches, memberReads, memberWrites, memberMessages];
}

/** Fetches each sample once from the portal: the bodies bare Fastify answers, per path (averaged by size). */
export async function sampleBodies(
  base: string,
  mix: Mix,
  headers: Record<string, string>,
): Promise<Record<string, string>> {
  const byPath = new Map<string, string[]>();
  for (const sample of mix.samples) {
    const response = await fetch(base + sample.path, {
      method: sample.method,
      headers: { ...headers, ...mix.headers, ...(sample.type ? { 'content-type': sample.type } : {}) },
      body: sample.body,
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(
        `${mix.name}: ${sample.method} ${sample.path} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    const key = sample.path.split('?')[0]!;
    byPath.set(key, [...(byPath.get(key) ?? []), text]);
  }
  const out: Record<string, string> = {};
  for (const [path, texts] of byPath) {
    // the body of median size stands for the path
    out[`path:${path}`] = [...texts].sort((a, b) => a.length - b.length)[Math.floor(texts.length / 2)]!;
  }
  return out;
}
