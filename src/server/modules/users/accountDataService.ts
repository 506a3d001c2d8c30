/**
 * "My data" (issue 8 §12–13, DESIGN §6).
 * - exportData: a zip with data.json (everything the site holds about the member: profile and settings,
 *   portfolios, experiences, saved articles, event registrations, applications, groups, wall posts, likes,
 *   cards as we keep them, audit entries and e-mails about them) and their files under files/. Never a
 *   password hash, a token, a card's provider token or another member's personal data.
 * - deleteAccount: the current password confirms it; ONE transaction erases the person and keeps the
 *   history others rely on (applications, wall posts stay, shown as a former member), unpublishes the
 *   groups they run, ends every session, queues the farewell e-mail to the real address and writes an
 *   audit row without personal data. Files leave the disk only after the commit.
 */
import { extname } from 'node:path';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { clearCountCache } from '../../lib/countCache';
import { nowIso } from '../../lib/ids';
import { verifyPassword } from '../../lib/password';
import { privateKey, publicKey, readAll, removeQuietly } from '../../lib/storage';
import type { Actor } from '../../types';
import type { Locale } from '../../../shared/constants';
import { ACCOUNT_DELETED_ACTION } from '../../../shared/memberMoves';
import { revokeAllSessions } from '../auth/service';
import { enqueueMail } from '../mail/outbox';
import * as audit from '../audit/service';
import * as repo from './accountDataRepository';
import { conversationsForExport, eraseMessagesOf } from '../messages/accountData';
import type { UserDelete } from '../../../shared/schema-types';
import { type ServiceContext } from '../../serviceContext';

export type { UserDelete } from '../../../shared/schema-types';

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

function signedIn(actor: Actor): string {
  if (actor.type !== 'user' || !actor.hash) throw AppError.unauthorized();
  return actor.hash;
}

/** The store key of a public `/uploads/…` link, or null. */
const uploadPath = (link: string | null): string | null => publicKey(link);

/** A file name safe inside the zip: no folders, no control characters. */
function entryName(name: string): string {
  return (
    name
      .replace(/[\\/\u0000-\u001f\u007f]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 180) || 'file'
  );
}

interface ZipFile {
  name: string;
  content: Buffer;
}

// ── export ───────────────────────────────────────────────────────────────────

/** data.json and the files, read before anything is streamed so a missing file never breaks the zip. */
export async function collect(ctx: ServiceContext): Promise<{ data: Record<string, unknown>; files: ZipFile[] }> {
  const { actor } = ctx;
  const hash = signedIn(actor);
  const db = ctx.db;
  const user = await repo.userRow(db, hash);
  if (!user) throw AppError.unauthorized();
  const files: ZipFile[] = [];
  // every file is read from the store first (below), so building data.json stays synchronous
  const contents = new Map<string, Buffer>();
  const add = (key: string | null, name: string): string | null => {
    const content = key ? contents.get(key) : undefined;
    if (!content) return null;
    const path = `files/${name}`;
    files.push({ name: path, content });
    return path;
  };

  const [
    category,
    tags,
    portfolios,
    images,
    links,
    experiences,
    saved,
    registrations,
    applications,
    memberships,
    followed,
    administered,
    posts,
    likes,
    reports,
    cards,
    subscriptions,
    payments,
    mandates,
    auditRows,
    mails,
    sessions,
    jobAlert,
    conversations,
  ] = await Promise.all([
    user.category_hash ? repo.categoryOf(db, user.category_hash) : undefined,
    repo.tagsOf(db, hash),
    repo.portfoliosOf(db, hash),
    repo.portfolioImagesOf(db, hash),
    repo.portfolioLinksOf(db, hash),
    repo.experiencesOf(db, hash),
    repo.articlesOf(db, 'article_saves', hash),
    repo.articlesOf(db, 'article_subscriptions', hash),
    repo.applicationsOf(db, hash),
    repo.membershipsOf(db, hash),
    repo.followedOf(db, hash),
    repo.administeredOf(db, hash),
    repo.postsOf(db, hash),
    repo.likesOf(db, hash),
    repo.reportsOf(db, hash),
    repo.cardsOf(db, hash),
    repo.subscriptionsOf(db, hash),
    repo.paymentsOf(db, hash),
    repo.mandatesOf(db, hash),
    repo.auditAbout(db, hash),
    repo.mailsTo(db, user.email, user.created_at),
    repo.sessionsOf(db, hash),
    repo.jobAlertOf(db, hash),
    conversationsForExport(db, hash),
  ]);
  const stored = await repo.filesOf(
    db,
    hash,
    posts.map((post) => post.file_hash).filter((h): h is string => !!h),
  );
  const keys = [
    ...stored.map((file) => privateKey(file.path)),
    uploadPath(user.photo),
    ...images.map((image) => uploadPath(image.path)),
  ].filter((key): key is string => !!key);
  await Promise.all(
    keys.map(async (key) => {
      const content = await readAll(ctx.storage, key);
      if (content) contents.set(key, content);
    }),
  );
  const archived = new Map(
    stored.map((file) => [file.hash, add(privateKey(file.path), `${file.kind}/${file.hash}-${entryName(file.name)}`)]),
  );

  const { password_hash: _secret, data, category_hash: _category, ...columns } = user;
  const profile = {
    ...columns,
    data: parse(data),
    category: category
      ? { hash: category.hash, title: { es: category.title_es, en: category.title_en, ca: category.title_ca } }
      : null,
    tags: tags.map((tag) => ({
      hash: tag.hash,
      group: tag.group,
      title: { es: tag.title_es, en: tag.title_en, ca: tag.title_ca },
    })),
    photo_file: add(uploadPath(user.photo), `photo${extname(user.photo ?? '') || '.img'}`),
  };
  return {
    data: {
      exported_at: nowIso(),
      profile,
      portfolios: portfolios.map((p) => ({
        ...p,
        data: parse(p.data),
        links: links.filter((l) => l.portfolio_hash === p.hash).map((l) => ({ url: l.url })),
        images: images
          .filter((i) => i.portfolio_hash === p.hash)
          .map((i) => ({
            hash: i.hash,
            url: i.path,
            file: add(uploadPath(i.path), `portfolios/${p.hash}/${i.hash}${extname(i.path) || '.img'}`),
          })),
      })),
      experiences: experiences.map((e) => ({ ...e, data: parse(e.data) })),
      job_alert: jobAlert ?? null,
      saved_articles: saved,
      event_registrations: registrations,
      applications: applications.map((a) => ({
        hash: a.hash,
        status: a.status,
        note: a.note,
        created_at: a.created_at,
        updated_at: a.updated_at,
        job: { hash: a.job_hash, title: a.job_title, company: a.company_name },
      })),
      workgroups_administered: administered,
      workgroup_memberships: memberships,
      workgroups_followed: followed,
      wall_posts: posts.map((post) => ({
        hash: post.hash,
        parent: post.parent_hash,
        content: post.content,
        deleted: post.deleted === 1,
        created_at: post.created_at,
        edited_at: post.edited_at,
        workgroup: { hash: post.workgroup_hash, name: post.workgroup_name },
        file: post.file_hash
          ? {
              hash: post.file_hash,
              name: stored.find((f) => f.hash === post.file_hash)?.name ?? null,
              file: archived.get(post.file_hash) ?? null,
            }
          : null,
      })),
      likes,
      post_reports: reports,
      conversations,
      cards: cards.map((card) => ({ ...card, is_default: card.is_default === 1 })),
      subscriptions,
      payments,
      debit_mandates: mandates,
      files: stored.map((file) => ({
        hash: file.hash,
        kind: file.kind,
        name: file.name,
        mime: file.mime,
        size: file.size,
        created_at: file.created_at,
        file: archived.get(file.hash) ?? null,
      })),
      sessions,
      audit_log: auditRows.map((row) => {
        const details = parse(row.data) as Record<string, unknown>;
        return {
          action: row.action,
          created_at: row.created_at,
          from: details['from'] ?? null,
          to: details['to'] ?? null,
          reason: details['reason'] ?? null,
        };
      }),
      emails: mails,
    },
    files,
  };
}

/** The zip as a stream (archiver), data.json first. */
export async function exportData(ctx: ServiceContext) {
  const { data, files } = await collect(ctx);
  // loaded when first used: a start of the server (each test file's, each CLI command's) need not load its ~60 modules
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  zip.append(JSON.stringify(data, null, 2), { name: 'data.json' });
  for (const file of files) zip.append(file.content, { name: file.name });
  void zip.finalize();
  return { zip, filename: `alumni-data-${nowIso().slice(0, 10)}.zip` };
}

// ── deletion ─────────────────────────────────────────────────────────────────

export async function deleteAccount(ctx: ServiceContext, body: UserDelete) {
  const { actor, lng } = ctx;
  const hash = signedIn(actor);
  const before = await repo.userRow(ctx.db, hash);
  if (!before) throw AppError.unauthorized();
  if (!(await verifyPassword(body.password, before.password_hash))) {
    throw AppError.badRequest('validation.failed', [
      { field: 'password', message: translate(lng, 'profile.wrongPassword', { field: 'password' }) },
    ]);
  }
  const now = nowIso();
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const user = await repo.lockUser(trx, ctx.dialect, hash);
    if (!user || user.status !== 'VALIDATED') throw AppError.unauthorized();
    const owned = await repo.deleteOwned(trx, hash);
    const groups = await repo.unpublishAdministered(trx, hash, now);
    await repo.anonymise(trx, hash, now);
    const attachments = await eraseMessagesOf(trx, hash, now);
    await revokeAllSessions({ ...ctx, db: trx }, 'user', hash);
    await enqueueMail(trx, {
      to: user.email,
      language: user.language as Locale,
      template: 'account.deleted',
      data: { name: user.name },
    });
    // no personal data in the log: who (the member's hash), what, and how many groups went back to the association
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: hash,
        action: ACCOUNT_DELETED_ACTION,
        targetType: 'user',
        targetHash: hash,
        data: { by: 'member', from: user.status, to: 'DELETED', groups_unpublished: groups.length },
        at: now,
      },
    );
    return { ...owned, files: [...owned.files, ...attachments], photo: user.photo };
  });
  // after the commit: the database no longer names these files
  // seed and shared demo files (seed/…) are not the member's own copies
  await removeQuietly(
    ctx.storage,
    removed.files.map((file) => (file.path.startsWith(`${file.kind}/`) ? privateKey(file.path) : null)),
  );
  await removeQuietly(
    ctx.storage,
    removed.images.map((image) => uploadPath(image)),
  );
  const photo = uploadPath(removed.photo);
  if (photo && removed.photo!.startsWith('/uploads/avatars/'))
    await removeQuietly(ctx.storage, [photo, photo.replace(/\.webp$/, '-large.webp')]);
  clearCountCache();
  return { ok: true };
}
