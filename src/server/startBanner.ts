// What `npm start` prints for the person starting the app (stdout, not the log). The demo password is shown
// only when it was generated for this data folder: a password set through DEMO_PASSWORD is the operator's
// own and is never echoed. Without demo accounts (production, unless SEED_DEMO=1) it says how to create the
// first administrator instead.
import type { DemoLogin } from './seed';

export interface BannerFacts {
  url: string;
  where: string;
  seededForms: number | null;
  webBuilt: boolean;
  demoPassword: string;
  demoPasswordGenerated: boolean;
  logins: DemoLogin[];
}

export function startBanner(facts: BannerFacts): string {
  const lines = [
    '',
    `Paybench is running at ${facts.url}`,
    `  database: ${facts.where}${facts.seededForms !== null ? `, seeded with ${facts.seededForms} demo forms` : ''}`,
    `  API docs: ${facts.url}/api/docs`,
    facts.webBuilt ? '' : '  (web app not built: run `npm run build`, or `npm run dev` for development)',
    ...(facts.logins.length === 0
      ? ['No demo accounts. Create the first administrator with: npm run create-admin -- --email <address>']
      : [
          facts.demoPasswordGenerated
            ? `Demo logins (password for all: ${facts.demoPassword}, kept in DATA_DIR/secrets.json):`
            : 'Demo logins (password for all: the one set in DEMO_PASSWORD):',
          ...facts.logins.map((login) => `  ${login.role.padEnd(28)} ${login.email}`),
        ]),
    '',
  ];
  return lines.filter((line) => line !== '').join('\n') + '\n';
}
