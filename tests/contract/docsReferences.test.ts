// The design the code relies on lives in the repository's own docs/: comments and documents point to
// docs/<topic>.md, never to a design document or a specification outside the repository, and every document they
// point to exists. Every repository path the documents name exists, and their relative links resolve. Comments say
// what is and why in the repository's own terms: they cite no issue by number (an issue is history, not a reason).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Folders and files whose text is the repository's code and documentation. */
const SCANNED = ['src', 'machines', 'scripts', 'tests', 'e2e', 'locales', 'docs', '.ci', 'openapi.yaml', 'README.md', 'vite.config.ts', 'playwright.config.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', '.git']);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|cjs|json|ya?ml|md|sh|sql)$/;

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    if (child.isDirectory()) return SKIPPED_DIRS.has(child.name) ? [] : files(path.join(entry, child.name));
    // Scripts without an extension (.ci/run) are text too.
    return TEXT_FILE.test(child.name) || !child.name.includes('.') ? [path.join(full, child.name)] : [];
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
const scanned = SCANNED.flatMap(files).map((file) => ({ file: relative(file), text: readFileSync(file, 'utf8') }));

// Spelt in two parts so that this file does not match itself.
const EXTERNAL_DOC_CITATION = new RegExp(String.raw`\b${'DES'}${'IGN'}(\.md\b|\s*§)`, 'g');
const DOC_REFERENCE = /\bdocs\/([A-Za-z0-9_-]+\.md)\b/g;
const MARKDOWN_LINK = /\]\(([^)\s#]+\.md)(#[^)]*)?\)/g;
// Spelt in parts so that this file does not match itself.
const SPEC_SECTION = new RegExp(String.raw`\b${'sp'}ec\s*§`, 'gi');
const ISSUE_NUMBER = new RegExp(String.raw`\b${'iss'}ues?\s+#?\d+\b`, 'gi');

/** The documents a newcomer reads, whose paths must be true. */
const DOCUMENTS = (file: string) => file === 'README.md' || file === 'machines/README.md' || /^docs\/[^/]+\.md$/.test(file);
/** Repository folders whose paths the documents name. */
const PATH_ROOT = /^(src|machines|scripts|tests|e2e|docs|locales)\//;
const INLINE_CODE = /`([^`\n]+)`/g;
const ANY_LINK = /\]\(([^)\s]+)\)/g;

/**
 * The repository paths a document names: every word of an inline code span that starts with a repository folder
 * (`src/…`, `npx vitest run tests/privacy`), and every relative link. Patterns and placeholders
 * (`machines/<flow>/actors.ts`, `tests/{domain,client}`, `docs/<topic>.md`) name no one path and are left out.
 */
function namedPaths(file: string, text: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  for (const match of text.matchAll(INLINE_CODE)) {
    for (const word of match[1].split(/\s+/)) {
      const candidate = word.replace(/[),;:.]+$/, '');
      if (!PATH_ROOT.test(candidate) || /[<>{}*…|]/.test(candidate)) continue;
      found.push({ path: candidate.replace(/\/$/, ''), line: lineOf(text, match.index) });
    }
  }
  for (const match of text.matchAll(ANY_LINK)) {
    const target = match[1].split('#')[0];
    if (target === '' || /^[a-z]+:/i.test(target)) continue;
    found.push({ path: path.posix.normalize(path.posix.join(path.posix.dirname(file), target)), line: lineOf(text, match.index) });
  }
  return found;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

describe('references to the design documentation', () => {
  it('scans the code and the documentation', () => {
    expect(scanned.length).toBeGreaterThan(100);
    expect(scanned.some(({ file }) => file === 'openapi.yaml')).toBe(true);
  });

  it('never cites a design document outside the repository', () => {
    const found = scanned.flatMap(({ file, text }) =>
      [...text.matchAll(EXTERNAL_DOC_CITATION)].map((match) => `${file}:${lineOf(text, match.index)}: ${match[0]}`),
    );
    expect(found, 'point to the matching docs/<topic>.md instead').toEqual([]);
  });

  it('points only to documents that exist under docs/', () => {
    const references = scanned.flatMap(({ file, text }) =>
      [...text.matchAll(DOC_REFERENCE)].map((match) => ({ where: `${file}:${lineOf(text, match.index)}`, doc: match[1] })),
    );
    expect(references.length).toBeGreaterThan(0);
    const missing = references.filter(({ doc }) => !existsSync(path.join(root, 'docs', doc))).map(({ where, doc }) => `${where}: docs/${doc}`);
    expect(missing).toEqual([]);
  });

  it('links between README.md and docs/ resolve', () => {
    const documents = scanned.filter(({ file }) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));
    const broken = documents.flatMap(({ file, text }) =>
      [...text.matchAll(MARKDOWN_LINK)]
        .filter((match) => !/^[a-z]+:/i.test(match[1]))
        .filter((match) => !existsSync(path.resolve(root, path.dirname(file), match[1])))
        .map((match) => `${file}:${lineOf(text, match.index)}: ${match[1]}`),
    );
    expect(broken).toEqual([]);
  });

  it('names only repository paths that exist in README.md, machines/README.md and docs/', () => {
    const documents = scanned.filter(({ file }) => DOCUMENTS(file));
    expect(documents.map(({ file }) => file)).toEqual(expect.arrayContaining(['README.md', 'machines/README.md', 'docs/architecture.md']));
    const named = documents.flatMap(({ file, text }) => namedPaths(file, text).map((found) => ({ file, ...found })));
    expect(named.length).toBeGreaterThan(100);
    const missing = named.filter(({ path: named }) => !existsSync(path.join(root, named))).map(({ file, line, path: named }) => `${file}:${line}: ${named}`);
    expect(missing, 'a document names a path that does not exist').toEqual([]);
  });

  it('cites no section of a specification outside the repository', () => {
    const found = scanned.flatMap(({ file, text }) => [...text.matchAll(SPEC_SECTION)].map((match) => `${file}:${lineOf(text, match.index)}: ${match[0]}`));
    expect(found, 'say what the rule is, or point to the docs/<topic>.md section that holds it').toEqual([]);
  });

  it('cites no issue by number in code, comments, test names or documents', () => {
    const found = scanned.flatMap(({ file, text }) => [...text.matchAll(ISSUE_NUMBER)].map((match) => `${file}:${lineOf(text, match.index)}: ${match[0]}`));
    expect(found, 'say what is and why instead of which issue asked for it').toEqual([]);
  });

  it('has a document for each topic the code cites', () => {
    for (const doc of ['architecture', 'questionnaire', 'statistics-and-privacy', 'permissions-and-credits', 'payments', 'identity', 'money']) {
      expect(existsSync(path.join(root, 'docs', `${doc}.md`)), `docs/${doc}.md`).toBe(true);
    }
  });
});
