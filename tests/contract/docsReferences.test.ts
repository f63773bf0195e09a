// The design the code relies on lives in the repository's own docs/ (issue 26 item 7, issue 30): comments and
// documents point to docs/<topic>.md, never to a design document outside the repository, and every document
// they point to exists. Relative links between the documents must resolve too.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Folders and files whose text is the repository's code and documentation. */
const SCANNED = ['src', 'machines', 'scripts', 'tests', 'e2e', 'locales', 'docs', 'openapi.yaml', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', '.git']);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|cjs|json|ya?ml|md|sh|sql)$/;

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return TEXT_FILE.test(full) ? [full] : [];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    if (child.isDirectory()) return SKIPPED_DIRS.has(child.name) ? [] : files(path.join(entry, child.name));
    return TEXT_FILE.test(child.name) ? [path.join(full, child.name)] : [];
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
const scanned = SCANNED.flatMap(files).map((file) => ({ file: relative(file), text: readFileSync(file, 'utf8') }));

// Spelt in two parts so that this file does not match itself.
const EXTERNAL_DOC_CITATION = new RegExp(String.raw`\b${'DES'}${'IGN'}(\.md\b|\s*§)`, 'g');
const DOC_REFERENCE = /\bdocs\/([A-Za-z0-9_-]+\.md)\b/g;
const MARKDOWN_LINK = /\]\(([^)\s#]+\.md)(#[^)]*)?\)/g;

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

  it('has a document for each topic the code cites', () => {
    for (const doc of ['architecture', 'questionnaire', 'statistics-and-privacy', 'permissions-and-credits', 'payments', 'identity', 'money']) {
      expect(existsSync(path.join(root, 'docs', `${doc}.md`)), `docs/${doc}.md`).toBe(true);
    }
  });
});
