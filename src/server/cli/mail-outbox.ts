/**
 * Reads the e-mail outbox without SMTP: `npm run mail:outbox` lists the latest messages (time, status,
 * attempts, recipient, subject, id); `npm run mail:outbox -- <id>` prints one message (headers and text;
 * `--html` prints its HTML instead). Filters: `--to <address>`, `--status PENDING|SENDING|SENT|FAILED`,
 * `--limit <n>` (default 20). It reads the server's DATABASE_URL / DATA_DIR and changes nothing.
 * Exit codes: 0 done, 1 no such message, 2 wrong usage.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { existsSync } from 'node:fs';
import { createDb, dialectOf, sqlitePath } from '../db/dialect';

const USAGE = `Usage: npm run mail:outbox [-- [--to <address>] [--status PENDING|SENDING|SENT|FAILED] [--limit <n>]]
       npm run mail:outbox -- <message id> [--html]`;

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const limit = Number(values.limit ?? 20);
  const status = values.status?.toUpperCase();
  if (
    !Number.isInteger(limit) ||
    limit < 1 ||
    positionals.length > 1 ||
    (status && !['PENDING', 'SENDING', 'SENT', 'FAILED'].includes(status))
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (dialectOf(config.databaseUrl) === 'sqlite' && !existsSync(sqlitePath(config.databaseUrl))) {
    console.error(
      `No database at ${sqlitePath(config.databaseUrl)} (set DATA_DIR or DATABASE_URL as the server has them).`,
    );
    return 1;
  }
  const db = createDb(config.databaseUrl, { poolSize: 1 });
  try {
    const id = positionals[0];
    if (id) {
      const mail = await db.selectFrom('email_outbox').selectAll().where('hash', '=', id).executeTakeFirst();
      if (!mail) {
        console.error(`No message ${id} in the outbox.`);
        return 1;
      }
      console.log(
        [
          `Id: ${mail.hash}`,
          `To: ${mail.to_address}`,
          `Subject: ${mail.subject}`,
          `Template: ${mail.template} (${mail.language})`,
          `Status: ${mail.status}, ${mail.attempts} attempt(s)${mail.sent_at ? `, sent ${mail.sent_at}` : ''}${mail.status === 'PENDING' && mail.attempts ? `, next ${mail.next_attempt_at}` : ''}`,
          `Queued: ${mail.created_at}`,
          ...(mail.error ? [`Last error: ${mail.error}`] : []),
          '',
          values.html ? (mail.body_html ?? '(no HTML part)') : mail.body_text,
        ].join('\n'),
      );
      return 0;
    }
    let query = db
      .selectFrom('email_outbox')
      .select(['hash', 'created_at', 'status', 'attempts', 'to_address', 'subject'])
      .orderBy('created_at', 'desc')
      .orderBy('hash')
      .limit(limit);
    if (values.to) query = query.where('to_address', '=', values.to.trim());
    if (status) query = query.where('status', '=', status);
    const rows = await query.execute();
    if (rows.length === 0) {
      console.log('The outbox is empty.');
      return 0;
    }
    for (const r of rows) {
      console.log(
        `${r.created_at}  ${r.status.padEnd(7)} ${String(r.attempts).padStart(2)}  ${r.hash}  ${r.to_address}  ${r.subject}`,
      );
    }
    console.log(`\n${rows.length} message(s), newest first. Show one: npm run mail:outbox -- <id>`);
    return 0;
  } finally {
    await db.destroy();
  }
}

function parse() {
  return parseArgs({
    options: {
      to: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
      html: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
