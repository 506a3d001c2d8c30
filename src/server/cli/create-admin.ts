/**
 * The first administrator (and any other): `npm run admin:create -- --email <e-mail> --name <full name>`.
 * The password comes from ADMIN_PASSWORD, else it is asked for twice on a terminal (not echoed), else read
 * from the first line of standard input. It uses the server's DATABASE_URL / DATA_DIR, prepares the
 * database as a start does (migrations and reference data under the start-up lock, never the demo), and
 * needs none of the server's secrets. Exit codes: 0 created, 1 refused, 2 wrong usage.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDb } from '../db/dialect';
import { prepareDatabase } from '../db/prepare';
import { AdminInputError, createAdmin, normalizeEmail, normalizeName, passwordProblem } from './admin';

const USAGE = `Usage: npm run admin:create -- --email <e-mail> --name <full name>
  The password is read from ADMIN_PASSWORD, or asked for (twice) on a terminal, or read from standard input.
  It needs at least 12 characters; a passphrase of several words is best.`;

async function main(): Promise<number> {
  let values: { email?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.email || !values.name) {
    console.error(`${!values.email ? '--email' : '--name'} is missing.\n\n${USAGE}`);
    return 2;
  }
  const email = normalizeEmail(values.email);
  const name = normalizeName(values.name);
  const password = await readPassword();
  if (!password)
    throw new AdminInputError(
      'No password given: set ADMIN_PASSWORD, type it when asked, or pipe it on standard input.',
    );
  const problem = passwordProblem(password, email);
  if (problem) throw new AdminInputError(problem);

  // the database settings of the server; production secrets (API_KEY, SECRET_KEY…) are not needed here
  const config = loadConfig({ ...process.env, NODE_ENV: undefined, SEED_DEMO: 'false' });
  const db = createDb(config.databaseUrl, { poolSize: 2 });
  try {
    await prepareDatabase(db, { ...config, seedDemo: false });
    await createAdmin(db, { email, name, password });
  } finally {
    await db.destroy();
  }
  console.log(
    `Administrator ${email} created: it signs in with this e-mail and the password you gave (POST ${config.publicUrl}/adm/login).`,
  );
  return 0;
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env['ADMIN_PASSWORD'];
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) {
    const first = await askHidden('Password for the new administrator: ');
    const again = await askHidden('Repeat the password: ');
    if (first !== again) throw new AdminInputError('The two passwords differ; nothing was changed.');
    return first;
  }
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  return input.split(/\r?\n/)[0] ?? '';
}

/** A question whose answer is not echoed (readline with its output muted after the prompt). */
function askHidden(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  let muted = false;
  (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
    if (!muted) process.stdout.write(text);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof AdminInputError
        ? error.message
        : `Could not create the administrator: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
