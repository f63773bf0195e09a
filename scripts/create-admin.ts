// `npm run create-admin -- --email admin@example.com`: creates the first administrator of a database (production
// seeds no demo accounts), or makes an existing account an administrator. The database is the server's own
// (DATABASE_URL, else the embedded one in DATA_DIR: stop the server first, PGlite has one process at a time);
// it is migrated first, so this may run before the first start.
//
// The password of a new account is read from ADMIN_PASSWORD, else from standard input (asked twice without echo
// on a terminal, the first line when piped), and must pass the password policy. It is never printed, logged or
// passed on the command line (where `ps` and shell histories would show it). An existing account keeps its
// password (its owner resets it from the sign-in page if need be), and every session it has ends: its owner signs in
// again as an administrator (with the second factor ADMIN_MFA=required asks for, enrolling at that sign-in).
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../src/server/db/open';
import { migrateDatabase } from '../src/server/db/migrate';
import { hashPassword } from '../src/server/auth/passwords';
import { passwordProblem } from '../src/server/auth/passwordPolicy';
import { findUserByEmail, normaliseEmail } from '../src/server/services/users';
import { recordAudit } from '../src/server/services/audit';
import { revokeUserSessions } from '../src/server/auth/sessions';
import { newId } from '../src/server/ids';

const USAGE = 'usage: npm run create-admin -- --email <address>   (password from ADMIN_PASSWORD or standard input)';
/** As the contract's Email: something@domain.tld, at most 254 characters, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A refusal: said on stderr, exit code `code`, after the database is closed. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

function fail(message: string, code = 1): never {
  throw new Refusal(message, code);
}

function emailArgument(): string {
  const args = process.argv.slice(2);
  const at = args.indexOf('--email');
  const inline = args.find((arg) => arg.startsWith('--email='));
  const raw = inline ? inline.slice('--email='.length) : at >= 0 ? args[at + 1] : undefined;
  if (!raw) fail(USAGE, 2);
  const email = normaliseEmail(raw);
  if (email.length > 254 || !EMAIL.test(email)) fail(`Not an e-mail address: ${raw}\n${USAGE}`, 2);
  return email;
}

/** One line from a terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let prompted = false;
    // Show the question once, then nothing of what is typed.
    output._writeToOutput = (text: string) => {
      if (!prompted) process.stderr.write(text);
      prompted = true;
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) {
    const first = await askHidden('Password of the new administrator: ');
    const again = await askHidden('The same password again: ');
    if (first !== again) fail('The two passwords differ; nothing was changed.');
    return first;
  }
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  return input.split(/\r?\n/)[0] ?? '';
}

/** Creates the administrator, or makes the existing account one (exported for tests: tests/server/admin-mfa.test.ts). */
export async function createOrPromote(database: Database, email: string): Promise<string> {
  const existing = await findUserByEmail(database, email);
  if (existing) {
    if (existing.roles.includes('admin')) return `${email} is already an administrator; nothing was changed.`;
    await database.transaction(async (tx) => {
      const [row] = await tx.execute<{ roles: string[] }>(
        `update users set roles = array_append(roles, 'admin'), updated_at = now() where id = $1 and not ('admin' = any(roles)) returning roles`,
        [existing.id],
      );
      if (!row) return;
      await recordAudit(tx, null, {
        action: 'user.roles',
        targetType: 'user',
        targetId: existing.id,
        before: { roles: existing.roles },
        after: { roles: row.roles },
      });
      // No session opened as a member goes on as an admin's (none was opened with the second factor an admin
      // may need); the owner signs in again.
      await revokeUserSessions(tx, existing.id);
    });
    return `${email} is now an administrator (its password is unchanged; its sessions have ended: sign in again).`;
  }
  const password = await readPassword();
  const problem = passwordProblem(password, { email });
  if (problem) fail(`The password is not acceptable (${problem}): at least 12 characters, not common, not built from the address; nothing was changed.`);
  const hash = await hashPassword(password);
  const id = newId();
  const created = await database.transaction(async (tx) => {
    const rows = await tx.execute(
      `insert into users (id, email, password_hash, roles, email_verified) values ($1, $2, $3, '{admin}', true)
       on conflict (email) do nothing returning id`,
      [id, email, hash],
    );
    if (rows.length > 0) await recordAudit(tx, null, { action: 'user.create', targetType: 'user', targetId: id, after: { roles: ['admin'] } });
    return rows.length > 0;
  });
  if (!created) fail(`${email} was registered meanwhile; run the command again to make it an administrator.`);
  return `Administrator ${email} created. Sign in with the password you gave.`;
}

async function main() {
  const email = emailArgument();
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
    poolMax: 2,
  });
  try {
    await migrateDatabase(database);
    process.stdout.write(`${await createOrPromote(database, email)}\n`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    if (!(error instanceof Refusal)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = error.code;
  });
}
