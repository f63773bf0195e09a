// The floors inside src/server (docs/architecture.md), from the top: a module imports only from its own floor or
// the floors below it. And the routes are thin: no SQL in src/server/routes, every statement is a service's.
// Imports are read with ts.preProcessFile (static, type-only and dynamic alike), as in importGraph.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(__dirname, '../../src/server');

/** Top to bottom; the entries of one floor (a folder, or a file at the top of src/server) may import each other. */
export const SERVER_FLOORS: readonly (readonly string[])[] = [
  ['main.ts', 'startBanner.ts'],
  ['app.ts'],
  ['routes/', 'seed/'],
  ['services/'],
  ['context.ts'],
  ['jobs/'],
  ['ops/', 'auth/'],
  ['config.ts', 'oidcConfig.ts'],
  ['http/', 'email/'],
  ['db/'],
  ['ids.ts'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SERVER, file).split(path.sep).join('/');

/** The floor of a file of src/server (0 is the top); -1 when no floor names it. */
function floorOf(file: string): number {
  const top = file.includes('/') ? `${file.split('/')[0]}/` : file;
  return SERVER_FLOORS.findIndex((floor) => floor.includes(top));
}

/** The files of src/server a source imports (relative specifiers, resolved as the bundler does). */
function importsOf(file: string, text: string, known: Set<string>): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = path.resolve(path.dirname(file), specifier);
      return [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
    })
    .filter((target): target is string => target !== undefined && target.startsWith(SERVER + path.sep));
}

/** Imports from a lower floor to a higher one, as "from -> to" (paths under src/server). */
export function arrowsBackUp(sources: ReadonlyMap<string, string>): string[] {
  const known = new Set(sources.keys());
  const arrows: string[] = [];
  for (const [file, text] of sources) {
    for (const target of importsOf(file, text, known)) {
      if (floorOf(relative(target)) < floorOf(relative(file))) arrows.push(`${relative(file)} -> ${relative(target)}`);
    }
  }
  return arrows.sort();
}

const QUERY_BUILDER = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete']);
const BUILDER_NEXT = new Set(['from', 'values', 'set', 'where', 'returning', 'onConflictDoUpdate', 'onConflictDoNothing']);
const SQL_TEXT =
  /\b(select\s+(\*|\d|distinct\b|count\s*\(|[a-z_][\w.]*\s*(,|\bas\b|\bfrom\b))|insert\s+into\b|update\s+[a-z_][\w.]*\s+set\b|delete\s+from\b|with\s+\w+\s+as\s*\()/i;

/** The SQL in one module's source: statements run, sql`` templates, Drizzle's query builder, SQL written in strings. */
export function sqlIn(fileName: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const where = (node: ts.Node) => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['execute', 'script', 'query'].includes(node.expression.name.text)) {
      found.push(`${where(node)} .${node.expression.name.text}()`);
    }
    if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText(source))) found.push(`${where(node)} sql\`\``);
    // Drizzle's builder: db.select().from(…), db.insert(t).values(…), db.update(t).set(…), db.delete(t).where(…).
    if (
      ts.isPropertyAccessExpression(node) &&
      BUILDER_NEXT.has(node.name.text) &&
      ts.isCallExpression(node.expression) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      QUERY_BUILDER.has(node.expression.expression.name.text)
    ) {
      found.push(`${where(node)} .${node.expression.expression.name.text}().${node.name.text}()`);
    }
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      SQL_TEXT.test(node.text)
    ) {
      found.push(`${where(node)} SQL text`);
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^drizzle-orm|\/db\/schema$/.test(node.moduleSpecifier.text)) {
      found.push(`${where(node)} imports ${node.moduleSpecifier.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the floors of src/server', () => {
  const files = sourceFiles(SERVER);
  const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

  it('gives every module a floor', () => {
    expect(files.map(relative).filter((file) => floorOf(file) === -1)).toEqual([]);
  });

  it('has no import from a lower floor to a higher one', () => {
    expect(arrowsBackUp(sources)).toEqual([]);
  });

  it('has no SQL in the routes: the handlers call services', () => {
    const routes = files.filter((file) => relative(file).startsWith('routes/'));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.flatMap((file) => sqlIn(relative(file), sources.get(file)!))).toEqual([]);
  });

  it('finds an arrow back up and SQL when there are some (the checks themselves)', () => {
    const db = path.join(SERVER, 'db/open.ts');
    const service = path.join(SERVER, 'services/audit.ts');
    expect(
      arrowsBackUp(
        new Map([
          [db, "import { recordAudit } from '../services/audit';"],
          [service, ''],
        ]),
      ),
    ).toEqual(['db/open.ts -> services/audit.ts']);
    expect(
      arrowsBackUp(
        new Map([
          [service, "import type { Database } from '../db/open';"],
          [db, ''],
        ]),
      ),
    ).toEqual([]);
    const route = 'routes/x.ts';
    expect(sqlIn(route, "await database.execute('select 1');")).not.toEqual([]);
    expect(sqlIn(route, 'await db.select().from(users).where(eq(users.id, id));')).not.toEqual([]);
    expect(sqlIn(route, 'await db.update(users).set({ credits: 0 });')).not.toEqual([]);
    expect(sqlIn(route, 'const q = sql`select 1`;')).not.toEqual([]);
    expect(sqlIn(route, 'const text = `delete from forms where id = ${id}`;')).not.toEqual([]);
    expect(sqlIn(route, "import { eq } from 'drizzle-orm';")).not.toEqual([]);
    expect(sqlIn(route, "createHash('sha256').update(body).digest('base64url'); throw notFound('NOT_FOUND', 'Select a form');")).toEqual([]);
  });
});
