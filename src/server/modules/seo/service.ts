/**
 * The head of each public page, rendered by the server before the SPA runs: title and description in
 * the page's language, canonical and hreflang alternates, Open Graph, and schema.org JSON-LD on offers
 * and events. A detail URL whose content does not exist is answered 404.
 */
import { LOCALES, type Locale } from '../../../shared/constants';
import { localizePath, ROUTES, type RouteMatch } from '../../../shared/routes';
import type { Db } from '../../db/dialect';
import es from '../../../../locales/es/seo.json' with { type: 'json' };
import en from '../../../../locales/en/seo.json' with { type: 'json' };
import ca from '../../../../locales/ca/seo.json' with { type: 'json' };
import * as repo from './repository';
import { cachedByVersion } from '../../lib/countCache';
import { type ServiceContext } from '../../serviceContext';

type SeoTexts = Record<string, { title: string; description: string }>;
const TEXTS: Record<Locale, SeoTexts> = { es, en, ca };

export interface PageHead {
  status: number;
  lng: Locale;
  title: string;
  description: string;
  /** URL path per locale (the canonical is the page's own). */
  alternates: Partial<Record<Locale, string>>;
  image?: string | null;
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

/**
 * The back office (/{lng}/admin/…, untranslated segments, DESIGN §5) is not in the public route table:
 * its pages are client-rendered, private and never indexed, and answer 200.
 */
export function backOfficeHead(pathname: string): PageHead | null {
  // a record's page carries its hash (articles/{hash}/edit), an invitation its token
  const match = /^\/(es|en|ca)\/admin(\/[A-Za-z0-9_-]+)*\/?$/.exec(pathname);
  if (!match) return null;
  const lng = match[1] as Locale;
  return { status: 200, lng, ...TEXTS[lng]['private']!, alternates: {}, noindex: true };
}

function sectionText(lng: Locale, name: string) {
  const texts = TEXTS[lng];
  return texts[name] ?? texts[name.replace(/\.show$/, '')] ?? texts['home']!;
}

function sameParamAlternates(match: RouteMatch) {
  return Object.fromEntries(LOCALES.map((l) => [l, localizePath(match.route.name, l, match.params)])) as Record<
    Locale,
    string
  >;
}

const clip = (text: string, length = 160) =>
  text.length <= length ? text : `${text.slice(0, length - 1).replace(/\s+\S*$/, '')}…`;
const plain = (markdown: string) =>
  markdown
    .replace(/[#*_>`[\]()!-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * JobPosting's baseSalary (a MonetaryAmount: a range, or one value when only one end is given) and, for a remote
 * job, jobLocationType TELECOMMUTE (issue 25 §17; schema.org / Google's job posting guidelines).
 */
export function jobPostingExtras(job: {
  workstation: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: string | null;
}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (job.workstation === 'REMOTE') out['jobLocationType'] = 'TELECOMMUTE';
  const { salary_min: min, salary_max: max } = job;
  if ((min != null || max != null) && job.salary_currency && job.salary_period) {
    const unitText = job.salary_period.toUpperCase();
    const value =
      min != null && max != null && min !== max
        ? { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText }
        : { '@type': 'QuantitativeValue', value: min ?? max, unitText };
    out['baseSalary'] = { '@type': 'MonetaryAmount', currency: job.salary_currency, value };
  }
  return out;
}

export async function headForMatch(
  ctx: ServiceContext,
  match: RouteMatch | null,
  fallbackLng: Locale,
  publicUrl: string,
): Promise<PageHead> {
  const { db } = ctx;
  if (!match) {
    const text = sectionText(fallbackLng, 'notFound');
    return { status: 404, lng: fallbackLng, ...text, alternates: {}, noindex: true };
  }
  const { lng, route, params } = match;
  const base: PageHead = { status: 200, lng, ...sectionText(lng, route.name), alternates: sameParamAlternates(match) };
  if (route.area !== 'public' || route.guard) return { ...base, ...TEXTS[lng]['private']!, noindex: true };
  const notFound = (): PageHead => ({ ...base, status: 404, ...sectionText(lng, 'notFound'), noindex: true });

  switch (route.name) {
    case 'jobs.show': {
      const job = await repo.jobForPage(db, params['slug']!);
      if (!job) return notFound();
      return {
        ...base,
        title: `${job.title} — ${job.company_name}`,
        description: clip(plain(job.description)),
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'JobPosting',
          title: job.title,
          description: job.description,
          datePosted: job.cdate.slice(0, 10),
          employmentType: job.contract,
          hiringOrganization: {
            '@type': 'Organization',
            name: job.company_name,
            ...(job.url ? { sameAs: job.url } : {}),
          },
          jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.location } },
          ...jobPostingExtras(job),
          url: `${publicUrl}${localizePath('jobs.show', lng, { slug: job.slug })}`,
        },
      };
    }
    case 'news.show': {
      const article = await repo.articleForPage(db, params['slug']!);
      const text = article?.texts.find((t) => t.language === lng);
      if (!article || !text) return notFound();
      const alternates = Object.fromEntries(
        article.texts.map((t) => [t.language, localizePath('news.show', t.language as Locale, { slug: t.slug })]),
      );
      const url = `${publicUrl}${localizePath('news.show', lng, { slug: text.slug })}`;
      const head: PageHead = {
        ...base,
        title: text.title,
        description: clip(plain(text.summary)),
        alternates,
        image: article.image,
      };
      if (article.type === 'EVENT') {
        head.jsonLd = {
          '@context': 'https://schema.org',
          '@type': 'Event',
          name: text.title,
          description: text.summary,
          startDate: article.hour ? `${article.date}T${article.hour}` : article.date,
          eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
          location: { '@type': 'Place', name: article.location ?? '', address: article.location ?? '' },
          ...(article.image ? { image: `${publicUrl}${article.image}` } : {}),
          url,
        };
      }
      return head;
    }
    case 'info': {
      if (!params['slug']) return base;
      const pages = await repo.contentForPage(db, params['slug']);
      const page = pages?.find((p) => p.language === lng);
      if (!pages || !page) return notFound();
      const alternates = Object.fromEntries(
        pages.map((p) => [p.language, localizePath('info', p.language as Locale, { slug: p.slug })]),
      );
      return { ...base, title: page.title, description: clip(plain(page.body)), alternates };
    }
    case 'workgroups.show': {
      const group = await repo.workgroupExists(db, params['slug']!);
      return group ? { ...base, title: group.name, description: clip(plain(group.description)) } : notFound();
    }
    case 'community.directory.show':
    case 'community.ambassadors.show':
    case 'community.entrepreneurs.show': {
      const column = route.name === 'community.directory.show' ? 'hash' : 'slug';
      const member = await repo.memberForPage(db, column, params[column]!);
      return member
        ? { ...base, title: `${member.name} ${member.surname1}`, description: member.current_job ?? base.description }
        : notFound();
    }
    case 'portfolios.show': {
      const portfolio = await repo.portfolioForPage(db, params['hash']!);
      return portfolio ? { ...base, title: portfolio.name, description: clip(plain(portfolio.content)) } : notFound();
    }
    case 'verify':
      // a member card's check: private to whoever holds the QR code, never indexed nor linked in other languages
      return { ...base, alternates: {}, noindex: true };
    case 'experiences.show': {
      const experience = await repo.experienceForPage(db, params['hash']!);
      return experience ? { ...base, title: `${experience.name} — ${experience.company_name}` } : notFound();
    }
    default:
      return base;
  }
}

const SITEMAP_LIMIT = 5000;

/**
 * sitemap.xml: every public page in the three languages, plus published offers, articles, groups and info pages.
 * Built once per content version (every write to offers, articles, groups or info pages bumps it, migration 008).
 */
export function sitemap(ctx: ServiceContext, publicUrl: string): Promise<Buffer> {
  const { db } = ctx;
  // kept as bytes: a multi-megabyte string would be encoded again for every request (and held once per response)
  return cachedByVersion(db, 'content', `sitemap:${publicUrl}`, async () =>
    Buffer.from(await buildSitemap(db, publicUrl)),
  );
}

async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const urls: Array<{ loc: string; alternates: Partial<Record<Locale, string>>; lastmod?: string }> = [];
  const add = (paths: Partial<Record<Locale, string>>, lastmod?: string) => {
    for (const path of Object.values(paths)) urls.push({ loc: path!, alternates: paths, lastmod });
  };
  for (const route of ROUTES) {
    if (route.area !== 'public' || route.guard || (route.path.includes(':') && !route.path.endsWith('?'))) continue;
    add(Object.fromEntries(LOCALES.map((l) => [l, localizePath(route.name, l)])));
  }
  for (const job of await repo.sitemapJobs(db, SITEMAP_LIMIT)) {
    add(
      Object.fromEntries(LOCALES.map((l) => [l, localizePath('jobs.show', l, { slug: job.slug })])),
      job.cdate.slice(0, 10),
    );
  }
  const articles = new Map<string, Partial<Record<Locale, string>>>();
  for (const row of await repo.sitemapArticles(db, SITEMAP_LIMIT)) {
    const paths = articles.get(row.article_hash) ?? {};
    paths[row.language as Locale] = localizePath('news.show', row.language as Locale, { slug: row.slug });
    articles.set(row.article_hash, paths);
  }
  for (const paths of articles.values()) add(paths);
  for (const group of await repo.sitemapWorkgroups(db, SITEMAP_LIMIT)) {
    add(Object.fromEntries(LOCALES.map((l) => [l, localizePath('workgroups.show', l, { slug: group.slug })])));
  }
  const pages = new Map<string, Partial<Record<Locale, string>>>();
  for (const row of await repo.sitemapContent(db)) {
    const paths = pages.get(row.key) ?? {};
    paths[row.language as Locale] = localizePath('info', row.language as Locale, { slug: row.slug });
    pages.set(row.key, paths);
  }
  for (const paths of pages.values()) add(paths);

  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = urls
    .map(
      (url) =>
        `<url><loc>${esc(publicUrl + url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}${Object.entries(
          url.alternates,
        )
          .map(([l, path]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(publicUrl + path!)}"/>`)
          .join('')}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}
