// The chunks of a build that import each other in a circle. ES modules in a circle run in an order none of
// them chose: one chunk's code can run before a chunk it needs has finished (a page of ours once failed that
// way). Used by scripts/check-bundle.ts on dist/web.

/** Groups of chunks that import one another in a circle, through static imports (Tarjan's strongly connected components). */
export function chunkCycles(staticImports: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (chunk: string) => {
    index.set(chunk, counter);
    low.set(chunk, counter);
    counter += 1;
    stack.push(chunk);
    onStack.add(chunk);
    for (const next of staticImports.get(chunk) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(chunk, Math.min(low.get(chunk)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(chunk, Math.min(low.get(chunk)!, index.get(next)!));
      }
    }
    if (low.get(chunk) === index.get(chunk)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== chunk);
      if (component.length > 1 || (staticImports.get(chunk) ?? []).includes(chunk)) cycles.push(component.sort());
    }
  };
  for (const chunk of staticImports.keys()) if (!index.has(chunk)) visit(chunk);
  return cycles;
}

/** The static imports of each chunk: `import … from "./x.js"` and `export … from "./x.js"`, not `import("./x.js")`. */
export function staticImportsOf(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/\b(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

/** Every chunk `from` imports statically, directly or through others (`from` itself not included unless in a circle). */
export function staticallyImported(staticImports: ReadonlyMap<string, readonly string[]>, from: string): Set<string> {
  const reached = new Set<string>();
  const pending = [...(staticImports.get(from) ?? [])];
  while (pending.length) {
    const chunk = pending.pop()!;
    if (reached.has(chunk)) continue;
    reached.add(chunk);
    pending.push(...(staticImports.get(chunk) ?? []));
  }
  return reached;
}
