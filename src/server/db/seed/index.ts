/**
 * The demo data (DESIGN §7): demo accounts and demo content, realistic, in three languages, deterministic
 * (seeded PRNG), written in one transaction through the query builder so it runs the same on SQLite and
 * PostgreSQL. It stands on the reference seed (./reference.ts: countries, categories, tags, pages,
 * settings), which it applies first when it is missing. Only a demo database gets it: see ../prepare.ts.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Insertable } from 'kysely';
import { CONTRACTS, LOCALES } from '../../../shared/constants';
import { foldText } from '../../../shared/text';
import type { OfferStatus } from '../../../shared/offerMoves';
import { slugify } from '../../lib/ids';
import { privateRoot, storePrivate } from '../../lib/privateFiles';
import { pictureRow, type PictureOwner, type PublicKind } from '../../lib/publicPictures';
import { hashPassword } from '../../lib/password';
import type { Db } from '../dialect';
import type { Database } from '../types';
import * as data from './data';
import { CHRONICLE, EVENTS, NEWS } from './articles';
import { initials, writePicture } from './images';
import { experienceText, jobDescription } from './jobText';
import { offerLives } from './offerLives';
import { groupLives, withRequestMessages } from './groupLives';
import { demoMembership } from './membership';
import { insertMany } from './insert';
import { DEMO_IBAN, makeCompany, makeUser, rename } from './people';
import { createRandom } from './random';
import { SEED_NUMBER, seedReference } from './reference';
import { makeComment, makeJob, makeTaxonomies, makeWorkgroup, type Rows } from './rows';

export interface SeedOptions {
  uploadsDir: string;
  now?: Date;
  /** How many generated alumni besides the demo accounts. */
  alumni?: number;
}

export interface DemoAccount {
  email: string;
  role: string;
  note: string;
}

export interface SeedResult {
  accounts: DemoAccount[];
}

/** The demo accounts (password `demo-password`), as main.ts prints them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'regular@demo.test', role: 'REGULAR', note: 'free tier, complete profile' },
  {
    email: 'bold@demo.test',
    role: 'BOLD',
    note: `has a CV and an IBAN (${DEMO_IBAN.slice(0, 4)}…); renews by a saved card`,
  },
  { email: 'gratis@demo.test', role: 'GRATIS', note: 'Bold free period, no CV, no IBAN, no card yet' },
  { email: 'pending@demo.test', role: 'REGULAR', note: 'not validated yet: cannot sign in' },
  { email: 'company@demo.test', role: 'COMPANY', note: 'validated company with offers in every status' },
  { email: 'company-pending@demo.test', role: 'COMPANY', note: 'awaiting validation' },
  { email: 'admin@demo.test', role: 'ADMIN', note: 'administrator' },
];

const iso = (date: Date) => date.toISOString();
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86400000);

/** A minimal valid one-page PDF, so a demo CV opens in any viewer. */
function tinyPdf(text: string): string {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  return `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length ${stream.length}>>stream\n${stream}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
}

/** A demo document (CV, group file) goes to the private store next to uploads/, under a random name (DESIGN §4b). */
/** The demo's pictures get their `files` rows like uploaded ones (issue 26), so the sweeper keeps them. */
function demoPictureRows(
  uploadsDir: string,
  named: ReadonlyArray<readonly [PictureOwner, string, PublicKind, string | null | undefined]>,
): Rows<'files'> {
  return named
    .filter(
      (entry): entry is readonly [PictureOwner, string, PublicKind, string] => !!entry[3]?.startsWith('/uploads/'),
    )
    .map(([ownerType, ownerHash, kind, link]) => {
      const file = join(uploadsDir, link.slice('/uploads/'.length));
      return pictureRow(ownerType, ownerHash, { kind, link, size: existsSync(file) ? statSync(file).size : 0 });
    });
}

function writePrivatePdf(uploadsDir: string, text: string): string {
  return storePrivate(privateRoot(dirname(uploadsDir)), 'seed', 'application/pdf', tinyPdf(text));
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  await seedReference(db, { now });
  // The same draws as the reference seed: the same category and tag hashes, and the demo rows after them
  // come out the same on every run. Only what the database really holds is referred to.
  const rand = createRandom(SEED_NUMBER);
  const { categories, tags } = makeTaxonomies(rand);
  const storedLeaves = (await db.selectFrom('categories').select('hash').where('lvl', '=', 2).execute()).map(
    (row) => row.hash,
  );
  const storedTags = await db.selectFrom('tags').select(['hash', 'type']).execute();
  const uploadsDir = options.uploadsDir;
  const passwordHash = await hashPassword('demo-password');
  const leafCategories = keepStored(
    categories.filter((c) => c.lvl === 2).map((c) => c.hash),
    storedLeaves,
  );
  const userTags = keepStored(
    tags.filter((t) => t.type === 'USER').map((t) => t.hash),
    storedTags.filter((t) => t.type === 'USER').map((t) => t.hash),
  );
  const articleTags = keepStored(
    tags.filter((t) => t.type === 'ARTICLE').map((t) => t.hash),
    storedTags.filter((t) => t.type === 'ARTICLE').map((t) => t.hash),
  );
  const ctx = { passwordHash, now, categories: leafCategories, uploadsDir };

  // ── people ──
  const demo = [
    makeUser(rand, 1, ctx, {
      email: 'regular@demo.test',
      role: 'REGULAR',
      status: 'VALIDATED',
      complete: true,
      visible: true,
      iban: false,
    }),
    makeUser(rand, 2, ctx, {
      email: 'bold@demo.test',
      role: 'BOLD',
      status: 'VALIDATED',
      complete: true,
      visible: true,
      iban: true,
    }),
    makeUser(rand, 3, ctx, {
      email: 'gratis@demo.test',
      role: 'GRATIS',
      status: 'VALIDATED',
      complete: true,
      visible: true,
      iban: false,
    }),
    makeUser(rand, 4, ctx, {
      email: 'pending@demo.test',
      role: 'REGULAR',
      status: 'PENDING',
      complete: false,
      visible: true,
      iban: false,
    }),
  ];
  const [regular, bold, gratis] = demo as [
    Insertable<Database['users']>,
    Insertable<Database['users']>,
    Insertable<Database['users']>,
  ];
  rename(regular, 'Laura', 'Regular', 'Demo');
  rename(bold, 'Marc', 'Bold', 'Demo');
  rename(gratis, 'Júlia', 'Gratis', 'Demo');
  demo.forEach((user, i) => {
    if (user.photo)
      user.photo = writePicture(uploadsDir, 'avatars', user.hash, i + 1, 256, 256, initials(user.name, user.surname1));
  });
  const users = [...demo, ...Array.from({ length: options.alumni ?? 220 }, (_, i) => makeUser(rand, i + 10, ctx))];
  const files: Rows<'files'> = [];
  const sharedCv = writePrivatePdf(uploadsDir, 'Curriculum vitae');
  for (const user of users) {
    if (user === bold || (user !== gratis && user !== regular && user.role !== 'REGULAR' && rand.chance(0.5))) {
      const hash = rand.hash();
      const path = user === bold ? writePrivatePdf(uploadsDir, `CV ${user.name} ${user.surname1}`) : sharedCv;
      files.push({
        hash,
        owner_type: 'user',
        owner_hash: user.hash,
        workgroup_hash: null,
        kind: 'cv',
        name: `CV ${user.name} ${user.surname1}.pdf`,
        path,
        mime: 'application/pdf',
        size: 600,
        created_at: iso(now),
        updated_at: iso(now),
      });
      user.cv_file = hash;
    }
  }
  // keep search text in step with the demo names set above
  for (const user of demo)
    user.search_text = foldText(
      [user.name, user.surname1, user.surname2, user.current_job, user.current_company, user.city].join(' '),
    );
  const members = users.filter((u) => u.status === 'VALIDATED');
  const boldMembers = members.filter((u) => u.role !== 'REGULAR');
  const user_tags: Rows<'user_tags'> = users.flatMap((u) =>
    rand.sample(userTags, rand.int(1, 4)).map((tag) => ({ user_hash: u.hash, tag_hash: tag })),
  );

  const companies = [
    makeCompany(rand, 0, ctx, ['Estudio Demo SL', 'Diseño de producto', 'https://estudio-demo.example'], {
      email: 'company@demo.test',
    }),
    makeCompany(rand, 1, ctx, ['Nueva Empresa Pendiente SL', 'Ingeniería', 'https://pendiente.example'], {
      email: 'company-pending@demo.test',
      status: 'PENDING',
    }),
    ...data.COMPANIES.map((company, i) => makeCompany(rand, i + 2, ctx, company)),
  ];
  const validCompanies = companies.filter((c) => c.status === 'VALIDATED');

  // ── jobs ──
  const textRand = createRandom(SEED_NUMBER + 10);
  const jobs: Rows<'jobs'> = [];
  const job_tags: Rows<'job_tags'> = [];
  // company@demo.test: 12 offers, several in every status
  const ownStatuses: OfferStatus[] = [
    'PUBLISHED',
    'PUBLISHED',
    'PUBLISHED',
    'PUBLISHED',
    'PUBLISHED',
    'PENDING',
    'PENDING',
    'UNPUBLISHED',
    'UNPUBLISHED',
    'CLOSED',
    'CLOSED',
    'PUBLISHED',
  ];
  for (let i = 0; i < 84; i++) {
    const made = makeJob(
      rand,
      i,
      { now, tags: userTags },
      { company: i < 12 ? companies[0]! : rand.pick(validCompanies), status: ownStatuses[i] },
    );
    // each offer reads as its own: the description is rewritten in the offer's language from its own PRNG
    const company = i < 12 ? companies[0]! : validCompanies.find((c) => c.hash === made.job.company_hash)!;
    const titles = data.JOB_TITLES.find((t) => t.includes(made.job.title));
    const lang = (titles ? titles.indexOf(made.job.title) : 0) as 0 | 1 | 2;
    made.job.description = jobDescription(textRand, lang, made.job.title, company.company_name);
    made.job.search_text = foldText(
      `${made.job.title} ${made.job.description} ${made.job.location} ${company.company_name}`,
    );
    jobs.push(made.job);
    job_tags.push(...made.tags);
  }
  const published = jobs.filter((j) => j.status === 'PUBLISHED');
  const applicants: Rows<'applicants'> = [];
  const applied = new Set<string>();
  const apply = (job: (typeof jobs)[number], user: (typeof users)[number], status = 'PENDING') => {
    const key = `${job.hash}:${user.hash}`;
    if (applied.has(key)) return;
    applied.add(key);
    applicants.push({
      hash: rand.hash(),
      job_hash: job.hash,
      user_hash: user.hash,
      status,
      created_at: iso(now),
      updated_at: iso(now),
    });
  };
  apply(published[0]!, bold);
  apply(published[1]!, bold, 'ACCEPTED');
  for (const job of rand.sample(published, 30))
    for (const user of rand.sample(
      boldMembers.filter((u) => u.cv_file && u !== bold),
      rand.int(1, 5),
    ))
      apply(job, user, rand.pick(['PENDING', 'PENDING', 'ACCEPTED', 'CANCELLED']));
  // each offer's history, expiry and survey, and every applicant status on one offer (a PRNG of its own: ./offerLives.ts)
  const lives = offerLives(
    createRandom(SEED_NUMBER + 20),
    jobs,
    applicants,
    companies[0]!,
    boldMembers.filter((u) => u.cv_file && u !== bold),
    now,
  );
  applicants.push(...lives.applicants);

  // ── news and events ──
  const articles: Rows<'articles'> = [];
  const article_i18n: Rows<'article_i18n'> = [];
  const article_tags: Rows<'article_tags'> = [];
  const article_saves: Rows<'article_saves'> = [];
  const article_subscriptions: Rows<'article_subscriptions'> = [];
  const thisYear = now.getUTCFullYear();
  // Each article is written for itself (./articles.ts); the type pattern and the PRNG draws are the same as
  // before, so every row after the articles comes out as it did. The newest half is recent news and events
  // (the first events upcoming); the older half are earlier editions, told as that year's chronicle.
  const written = { NEWS: 0, EVENT: 0 };
  for (let i = 0; i < 48; i++) {
    const subject = data.ARTICLE_SUBJECTS[i % data.ARTICLE_SUBJECTS.length]!;
    const event = subject.type === 'EVENT';
    const pool = event ? EVENTS : NEWS;
    const n = written[subject.type]++;
    const text = pool[n % pool.length]!;
    const edition = Math.floor(n / pool.length);
    const drawnMonth = i < 8 ? 0 : rand.int(1, 12);
    const drawnDay = rand.int(1, 28);
    let when: Date;
    if (edition === 0) {
      const offset = event && n < 4 ? 6 + n * 9 : -(3 + i * 8 + (drawnDay % 5));
      when = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
    } else {
      when = new Date(Date.UTC(thisYear - 1 - ((i - 24) % 8), (drawnMonth || 6) - 1, drawnDay));
    }
    const year = when.getUTCFullYear();
    const month = when.getUTCMonth() + 1;
    const date = iso(when).slice(0, 10);
    const hash = rand.hash();
    articles.push({
      hash,
      type: subject.type,
      status: i === 47 ? 'DRAFT' : 'PUBLISHED',
      date,
      year,
      month,
      hour: event ? rand.pick(['10:00', '17:30', '18:30', '19:00']) : null,
      location: event ? rand.pick(data.VENUES) : null,
      image: writePicture(uploadsDir, 'articles', hash, i * 5 + 1, 800, 450),
      capacity: event ? rand.int(4, 20) * 10 : null,
      data: '{}',
      created_at: `${date}T09:00:00.000Z`,
      updated_at: `${date}T09:00:00.000Z`,
    });
    LOCALES.forEach((language, l) => {
      const title = edition ? `${text.title[l]} ${year}` : text.title[l]!;
      const summary = edition
        ? `${CHRONICLE[i % CHRONICLE.length]![l]!.replace('{y}', String(year))} ${text.summary[l]}`
        : text.summary[l]!;
      article_i18n.push({
        article_hash: hash,
        language,
        slug: `${slugify(title, 70)}-${hash.slice(0, 4)}`,
        title,
        summary,
        body: `${text.summary[l]}\n\n${text.body[l]}`,
      });
    });
    const drawnTags = rand.sample(articleTags, rand.int(1, 2));
    const fitting = text.tags.map((k) => articleTags[k]).filter((tag): tag is string => Boolean(tag));
    for (const tag of fitting.length ? fitting : drawnTags) article_tags.push({ article_hash: hash, tag_hash: tag });
    for (const user of rand.sample(members, rand.int(0, 6)))
      article_saves.push({ article_hash: hash, user_hash: user.hash, created_at: iso(now) });
    if (event)
      for (const user of rand.sample(boldMembers, rand.int(0, 12)))
        article_subscriptions.push({ article_hash: hash, user_hash: user.hash, created_at: iso(now) });
  }

  // ── working groups ──
  const workgroups: Rows<'workgroups'> = [];
  const workgroup_members: Rows<'workgroup_members'> = [];
  const workgroup_followers: Rows<'workgroup_followers'> = [];
  const comments: Rows<'comments'> = [];
  const comment_likes: Rows<'comment_likes'> = [];
  const sharedDoc = writePrivatePdf(uploadsDir, 'Acta de la reunion');
  const admins = boldMembers.filter((u) => u !== gratis && u !== bold);
  data.WORKGROUPS.forEach((group, i) => {
    const admin = rand.pick(admins);
    const created = daysAgo(now, rand.int(30, 900));
    const status = i >= data.WORKGROUPS.length - 2 ? 'PENDING' : 'PUBLISHED';
    const row = makeWorkgroup(rand, group, admin.hash, created, status, null);
    const hash = row.hash;
    row.image = writePicture(uploadsDir, 'workgroups', hash, i + 2, 800, 450, initials(...group.name.split(' ')));
    workgroups.push(row);
    // regular@demo.test belongs to no group; bold@demo.test to the public ones only
    const pool = boldMembers.filter((u) => u !== admin && u !== bold && u !== gratis);
    const joined = rand.sample(pool, rand.int(5, 16));
    if (group.type === 'PUBLIC' && i % 2 === 0) joined.push(bold);
    const accepted = [admin, ...joined.filter(() => rand.chance(0.85))];
    for (const user of joined) {
      const status = accepted.includes(user) ? 'ACCEPTED' : 'PENDING';
      workgroup_members.push({
        hash: rand.hash(),
        workgroup_hash: hash,
        user_hash: user.hash,
        status,
        created_at: iso(created),
      });
      if (status === 'ACCEPTED')
        workgroup_followers.push({ workgroup_hash: hash, user_hash: user.hash, created_at: iso(created) });
    }
    workgroup_members.push({
      hash: rand.hash(),
      workgroup_hash: hash,
      user_hash: admin.hash,
      status: 'ACCEPTED',
      created_at: iso(created),
    });
    for (let c = 0; c < rand.int(8, 18); c++) {
      const author = rand.pick(accepted);
      let fileHash: string | null = null;
      if (rand.chance(0.3)) {
        fileHash = rand.hash();
        files.push({
          hash: fileHash,
          owner_type: 'workgroup',
          owner_hash: hash,
          workgroup_hash: hash,
          kind: 'wall',
          name: rand.pick(['Acta de la reunión.pdf', 'Presentación.pdf', 'Conclusiones del taller.pdf']),
          path: sharedDoc,
          mime: 'application/pdf',
          size: 600,
          created_at: iso(created),
          updated_at: iso(daysAgo(now, rand.int(0, 300))),
        });
      }
      const at = daysAgo(now, rand.int(0, 300) + rand.next());
      const comment = makeComment(rand, hash, author.hash, at, null, fileHash);
      const commentHash = comment.hash;
      comments.push(comment);
      for (let r = 0; r < rand.int(0, 3); r++) {
        const reply = makeComment(
          rand,
          hash,
          rand.pick(accepted).hash,
          new Date(at.getTime() + (r + 1) * 3600000),
          commentHash,
        );
        reply.content = textRand.pick(data.REPLIES); // a reply answers its post, rather than opening another topic
        comments.push(reply);
      }
      for (const liker of rand.sample(accepted, rand.int(0, 4)))
        comment_likes.push({ comment_hash: commentHash, user_hash: liker.hash, created_at: iso(now) });
    }
  });

  // ── portfolios and experiences ──
  const portfolios: Rows<'portfolios'> = [];
  const portfolio_images: Rows<'portfolio_images'> = [];
  const portfolio_links: Rows<'portfolio_links'> = [];
  const projects = textRand.sample(data.PROJECTS, data.PROJECTS.length);
  for (let i = 0; i < 60; i++) {
    const owner = i < 3 ? bold : rand.pick(members);
    const hash = rand.hash();
    rand.pick(data.PROJECT_NAMES); // drawn and set aside, so the draws after it stay as they were
    const [name, description] = projects[i % projects.length]!;
    const created = daysAgo(now, rand.int(0, 1500));
    portfolios.push({
      hash,
      user_hash: owner.hash,
      status: rand.chance(0.9) ? 'PUBLISHED' : 'UNPUBLISHED',
      name,
      date: iso(created).slice(0, 10),
      content: description,
      data: '{}',
      created_at: iso(created),
      updated_at: iso(created),
    });
    for (let k = 0; k < rand.int(1, 4); k++) {
      portfolio_images.push({
        hash: rand.hash(),
        portfolio_hash: hash,
        path: writePicture(uploadsDir, 'portfolios', `${hash}-${k}`, i * 7 + k, 1200, 800, name.slice(0, 24)),
        position: k,
      });
    }
    for (let k = 0; k < rand.int(0, 2); k++)
      portfolio_links.push({
        hash: rand.hash(),
        portfolio_hash: hash,
        url: `https://www.behance.net/gallery/${rand.int(100000, 999999)}/${slugify(name)}`,
        position: k,
      });
  }
  const work_experiences: Rows<'work_experiences'> = [];
  for (let i = 0; i < 150; i++) {
    const owner = i < 2 ? bold : rand.pick(members);
    const startYear = rand.int(2005, thisYear - 1);
    const current = rand.chance(0.3);
    const created = daysAgo(now, rand.int(0, 900));
    work_experiences.push({
      hash: rand.hash(),
      user_hash: owner.hash,
      name: rand.pick(data.POSITIONS),
      contract: rand.pick(CONTRACTS),
      company_name: rand.pick(data.COMPANIES)[0],
      start: `${startYear}-${String(rand.int(1, 12)).padStart(2, '0')}-01`,
      end: current
        ? null
        : `${Math.min(thisYear, startYear + rand.int(1, 5))}-${String(rand.int(1, 12)).padStart(2, '0')}-01`,
      location: rand.pick(data.CITIES_ES),
      content: experienceText(textRand),
      data: '{}',
      created_at: iso(created),
      updated_at: iso(created),
    });
  }

  // ── the demo administrator (content pages and settings come from the reference seed) ──
  const adminsRows: Rows<'admins'> = [
    {
      hash: rand.hash(),
      email: 'admin@demo.test',
      password_hash: passwordHash,
      name: 'Administración Alumni',
      created_at: iso(now),
    },
  ];

  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'users', users);
    await insertMany(trx, 'user_tags', user_tags);
    await insertMany(trx, 'companies', companies);
    await insertMany(trx, 'admins', adminsRows);
    await insertMany(trx, 'jobs', jobs);
    await insertMany(trx, 'job_tags', job_tags);
    await insertMany(trx, 'applicants', applicants);
    await insertMany(trx, 'job_moves', lives.job_moves);
    await insertMany(trx, 'job_views', lives.job_views);
    await insertMany(trx, 'company_feedback', lives.company_feedback);
    await insertMany(trx, 'articles', articles);
    await insertMany(trx, 'article_i18n', article_i18n);
    await insertMany(trx, 'article_tags', article_tags);
    await insertMany(trx, 'article_saves', article_saves);
    await insertMany(trx, 'article_subscriptions', article_subscriptions);
    const runByBold = groupLives(
      bold,
      boldMembers.filter((u) => u !== bold && u !== gratis),
      now,
    );
    await insertMany(trx, 'workgroups', [
      ...workgroups.map((row) => ({ ...row, reason: null })),
      ...runByBold.workgroups,
    ]);
    await insertMany(
      trx,
      'workgroup_members',
      withRequestMessages(
        dedupe([...workgroup_members, ...runByBold.workgroup_members], (m) => `${m.workgroup_hash}:${m.user_hash}`),
      ),
    );
    await insertMany(
      trx,
      'workgroup_followers',
      dedupe([...workgroup_followers, ...runByBold.workgroup_followers], (f) => `${f.workgroup_hash}:${f.user_hash}`),
    );
    await insertMany(trx, 'files', [
      ...files,
      ...demoPictureRows(uploadsDir, [
        ...users.map((row) => ['user', row.hash, 'photo', row.photo] as const),
        ...companies.map((row) => ['company', row.hash, 'logo', row.logo] as const),
        ...[...workgroups, ...runByBold.workgroups].map(
          (row) => ['workgroup', row.hash, 'group_image', row.image] as const,
        ),
        ...articles.map((row) => ['article', row.hash, 'article_cover', row.image] as const),
        ...portfolio_images.map((row) => ['portfolio', row.portfolio_hash, 'portfolio_image', row.path] as const),
      ]),
    ]);
    await insertMany(trx, 'comments', [...comments, ...runByBold.comments]);
    await insertMany(trx, 'comment_likes', comment_likes);
    await insertMany(trx, 'comment_reports', runByBold.comment_reports);
    await insertMany(trx, 'portfolios', portfolios);
    await insertMany(trx, 'portfolio_images', portfolio_images);
    await insertMany(trx, 'portfolio_links', portfolio_links);
    await insertMany(trx, 'work_experiences', work_experiences);
    await insertMany(trx, 'job_alerts', demoJobAlerts(users, tags, now));
    const membership = demoMembership(bold, gratis, () => rand.hash(), now);
    await insertMany(trx, 'cards', membership.cards);
    await insertMany(trx, 'subscriptions', membership.subscriptions);
    await insertMany(trx, 'payments', membership.payments);
  });

  return { accounts: DEMO_ACCOUNTS.map((account) => ({ ...account })) };
}

/** The generated hashes the database holds, in generated order (all of them in a fresh database); else what it holds. */
function keepStored(generated: string[], stored: string[]): string[] {
  const held = new Set(stored);
  const kept = generated.filter((hash) => held.has(hash));
  return kept.length ? kept : [...stored].sort();
}

/** The first of each key: keeps the demo's random membership draws from colliding with unique indexes. */
function dedupe<T>(rows: T[], key: (row: T) => string): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const k = key(row);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Job alerts (issue 11 §8) for the members who get offers by e-mail: bold@demo.test a weekly digest of one area's
 * permanent offers, every third other one instant alerts of an area, the rest the default (every offer, weekly).
 * No draws from the PRNG, so every other demo row comes out as before.
 */
function demoJobAlerts(
  users: Rows<'users'>,
  tags: Array<{ hash: string; type: string; group: string }>,
  now: Date,
): Rows<'job_alerts'> {
  const areas = tags.filter((tag) => tag.type === 'USER' && tag.group === 'area').map((tag) => tag.hash);
  const receiving = users.filter((user) => user.is_receive_jobs === 1 || user.email === 'bold@demo.test');
  const at = now.toISOString();
  return receiving.flatMap((user, index): Rows<'job_alerts'> => {
    const base = { user_hash: user.hash, working: null, text: null, updated_at: at };
    if (user.email === 'bold@demo.test')
      return [{ ...base, frequency: 'weekly', area: areas[0] ?? null, contract: 'INDEFINITE', location: null }];
    if (index % 3 === 0)
      return [
        { ...base, frequency: 'instant', area: areas[index % areas.length] ?? null, contract: null, location: null },
      ];
    return [];
  });
}
