// A Vite plugin that splits a locale file in two modules, so the first load carries only the texts the
// shell and home page need: `virtual:locale-core/<lang>` (every top-level section but the page-specific
// ones below) and `virtual:locale-pages/<lang>` (those), which the web app fetches before the first other
// page renders (src/web/kernel/i18n.ts, completeTranslations). New top-level sections land in the core: a
// missing key can never show, at worst the core is larger. The core also carries the route headings' texts
// (routes.ts `heading`), which show while such a page's code and texts load. The server's own sections
// (SERVER_SECTIONS: the e-mails, the sandbox checkout page, the pay gap report's CSV) are in neither part: the web app never loads them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { routeHeadingKeys } from '../src/domain/routes';

/**
 * Sections used only by what loads on demand: pages, the premium gate, the admin layout, and toasts, which wait for
 * these texts (src/web/kernel/toasts.ts). None by the header, footer, cookie bar, home, account menu or loading
 * states.
 */
export const PAGE_SECTIONS = [
  'info',
  'comparison',
  'questionnaire',
  'my_form',
  'my_account',
  'my_searches',
  'dashboard',
  'credits',
  'register',
  'register_individual',
  'update_data',
  'login',
  'reset',
  'verify',
  'new_password',
  'news',
  'admin_news',
  'admin_users',
  'admin_forms',
  'newsletter',
  'admin_newsletters',
  'methodology',
  'admin_jobs',
  'admin_outliers',
  'admin_audit',
  'admin_data_quality',
  'admin',
  'list',
  'auth',
  'second_factor',
  'errors',
  'settings',
  'release_alerts',
  'pay_transparency',
  'personal',
  'perception',
  'entitlements',
  'purchase',
  'brief',
  'payments',
  'become_premium',
  'explore',
  'modals',
  'roles',
  'common',
  'not_found',
] as const;

/** Sections only the server reads (the e-mails: src/server/email/i18n.ts; the sandbox checkout page:
 * src/server/services/payments/sandboxPage.ts): left out of both parts. */
export const SERVER_SECTIONS = ['email', 'sandbox_checkout', 'pay_gap_csv', 'salary_bands_csv'] as const;

const PREFIXES = { 'virtual:locale-core/': 'core', 'virtual:locale-pages/': 'pages' } as const;

export function splitLocale(texts: Record<string, unknown>, part: 'core' | 'pages', coreKeys: readonly string[] = routeHeadingKeys()): Record<string, unknown> {
  const pages = new Set<string>(PAGE_SECTIONS);
  const server = new Set<string>(SERVER_SECTIONS);
  const split = Object.fromEntries(Object.entries(texts).filter(([key]) => !server.has(key) && pages.has(key) === (part === 'pages')));
  if (part === 'core') for (const key of coreKeys) copyKey(texts, split, key.split('.'), key);
  return split;
}

/** Copies the text at `path` (a dotted key's parts) from one nested object into another, creating parents. */
function copyKey(from: Record<string, unknown>, to: Record<string, unknown>, path: string[], key: string): void {
  const [head, ...rest] = path;
  const value = from[head];
  if (value === undefined) throw new Error(`vite-locale-split: no text at ${key}`);
  if (rest.length === 0) {
    to[head] = value;
    return;
  }
  const target = (to[head] ??= {}) as Record<string, unknown>;
  copyKey(value as Record<string, unknown>, target, rest, key);
}

export function localeSplit(localesDir: string): Plugin {
  return {
    name: 'paybench-locale-split',
    resolveId(id) {
      for (const prefix of Object.keys(PREFIXES)) if (id.startsWith(prefix)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:locale-')) return null;
      const [prefix, language] = id.slice(1).split(/(?<=\/)/) as [keyof typeof PREFIXES, string];
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`unknown locale ${language}`);
      const file = path.join(localesDir, `${language}.json`);
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(splitLocale(texts, PREFIXES[prefix])))});`;
    },
  };
}
