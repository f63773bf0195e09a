// npm run check:bundle fails a build whose chunks import each other in a circle (scripts/chunk-cycles.ts):
// such chunks run in an order none of them chose, and a page once failed that way.
import { describe, expect, it } from 'vitest';
import { chunkCycles, staticallyImported, staticImportsOf } from '../../scripts/chunk-cycles';

describe('staticImportsOf', () => {
  it('reads the chunks a built chunk imports and re-exports from, not the ones it loads on demand', () => {
    const source = [
      'import { a as t } from "./rolldown-runtime-B.js";',
      'import{E as x,O as y}from"./lib~index~Page-Cx.js";',
      'import "./side-effect-D.js";',
      'export { r as default } from "./shared~A~B-E.js";',
      'const page = () => import("./LazyPage-F.js");',
    ].join('\n');
    expect(staticImportsOf(source).sort()).toEqual(['lib~index~Page-Cx.js', 'rolldown-runtime-B.js', 'shared~A~B-E.js', 'side-effect-D.js']);
  });
});

describe('chunkCycles', () => {
  it('finds no circle in a graph without one', () => {
    const graph = new Map([
      ['index.js', ['runtime.js']],
      ['Page.js', ['lib~Page~Other.js', 'index.js']],
      ['Other.js', ['lib~Page~Other.js', 'index.js']],
      ['lib~Page~Other.js', ['index.js']],
      ['runtime.js', []],
    ]);
    expect(chunkCycles(graph)).toEqual([]);
  });

  it('finds each circle once, with its members', () => {
    const graph = new Map([
      ['index.js', []],
      ['a.js', ['b.js', 'index.js']],
      ['b.js', ['c.js']],
      ['c.js', ['a.js']],
      ['d.js', ['e.js']],
      ['e.js', ['d.js']],
      ['f.js', ['f.js']],
    ]);
    expect(chunkCycles(graph)).toEqual(expect.arrayContaining([['a.js', 'b.js', 'c.js'], ['d.js', 'e.js'], ['f.js']]));
    expect(chunkCycles(graph)).toHaveLength(3);
  });
});

describe('staticallyImported', () => {
  it('follows static imports through other chunks, each once', () => {
    const graph = new Map([
      ['early.js', ['runtime.js']],
      ['app.js', ['early.js', 'runtime.js']],
      ['Page.js', ['shared.js', 'app.js']],
      ['shared.js', ['early.js']],
      ['runtime.js', []],
    ]);
    expect([...staticallyImported(graph, 'early.js')]).toEqual(['runtime.js']);
    expect([...staticallyImported(graph, 'Page.js')].sort()).toEqual(['app.js', 'early.js', 'runtime.js', 'shared.js']);
  });
});
