/**
 * The Stately export: a machine's chart as a file the Stately editor imports as it is ("Import from code"),
 * `import { createMachine } from 'xstate'; export const machine = createMachine({...})`, plus its JSON.
 *
 * The chart keeps what a product owner reads: ids, initial states, states, transitions with their guards and
 * actions by name, invoked actors by `src` name, `after` delays by name, descriptions, tags, entry/exit
 * actions. Types, implementations, `input` and `params` functions are left out (the editor shows names).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { guardName, machinePurpose, repoRoot, stateNodes, transitionFacts, type CatalogEntry } from './catalog';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Config = Record<string, unknown>;

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as { type?: string; name?: string };
    return fn.type ?? (fn.name || 'inline action');
  }
  if (action && typeof action === 'object' && typeof (action as { type?: unknown }).type === 'string') {
    return (action as { type: string }).type;
  }
  return 'inline action';
}

function actions(value: unknown): Json | undefined {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value]).map(actionName);
  return list.length === 1 ? list[0] : list;
}

/** Plain data is kept (meta, an object context); functions are left out. */
function plain(value: unknown): Json | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value !== 'object') return value as Json;
  if (Array.isArray(value)) return value.map((item) => plain(item) ?? null);
  return compact(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)])));
}

function compact(object: Record<string, Json | undefined>): { [key: string]: Json } {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as { [key: string]: Json };
}

function transition(value: unknown): Json | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    const list = value.map((item) => transition(item) ?? null);
    return list.length === 1 ? list[0] : list;
  }
  if (typeof value === 'string') return value;
  const t = value as Config;
  return compact({
    target: t.target as Json | undefined,
    guard: guardName(t.guard),
    actions: actions(t.actions),
    reenter: t.reenter as boolean | undefined,
    description: t.description as string | undefined,
    meta: plain(t.meta),
  });
}

function transitions(value: unknown): Json | undefined {
  if (!value || typeof value !== 'object') return undefined;
  return compact(Object.fromEntries(Object.entries(value).map(([event, t]) => [event, transition(t)])));
}

function invoke(value: unknown, machine: AnyStateMachine): Json | undefined {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value]).map((item: Config) => {
    const src =
      typeof item.src === 'string' ? item.src : (Object.entries(machine.implementations.actors).find(([, logic]) => logic === item.src)?.[0] ?? 'inline actor');
    return compact({
      id: item.id as string | undefined,
      systemId: item.systemId as string | undefined,
      src,
      onDone: transition(item.onDone),
      onError: transition(item.onError),
      onSnapshot: transition(item.onSnapshot),
    });
  });
  return list.length === 1 ? list[0] : list;
}

function stateConfig(config: Config, machine: AnyStateMachine): { [key: string]: Json } {
  const states = config.states as Record<string, Config> | undefined;
  return compact({
    id: config.id as string | undefined,
    description: config.description as string | undefined,
    type: config.type as string | undefined,
    history: config.history as string | undefined,
    target: config.target as Json | undefined,
    initial: config.initial as Json | undefined,
    tags: config.tags as Json | undefined,
    entry: actions(config.entry),
    exit: actions(config.exit),
    invoke: invoke(config.invoke, machine),
    on: transitions(config.on),
    after: transitions(config.after),
    always: transition(config.always),
    meta: plain(config.meta),
    context: plain(config.context),
    states: states ? Object.fromEntries(Object.entries(states).map(([key, child]) => [key, stateConfig(child, machine)])) : undefined,
  });
}

/** The editor-ready config of a machine: plain data only. */
export function statelyConfig(machine: AnyStateMachine): { [key: string]: Json } {
  return stateConfig(machine.config as Config, machine);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A JavaScript object literal, two-space indent, single quotes, bare keys where they are identifiers. */
function literal(value: Json, indent = ''): string {
  const inner = `${indent}  `;
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) return `[${value.map((item) => literal(item)).join(', ')}]`;
    return `[\n${value.map((item) => `${inner}${literal(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (!entries.length) return '{}';
  const key = (name: string) => (IDENTIFIER.test(name) ? name : literal(name));
  return `{\n${entries.map(([name, item]) => `${inner}${key(name)}: ${literal(item, inner)},`).join('\n')}\n${indent}}`;
}

export function statelyCode(entry: CatalogEntry): string {
  return [
    `// ${entry.exportName} from ${entry.file}, written by \`npm run flows\`: do not edit, change the machine and run it again.`,
    '// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.',
    "import { createMachine } from 'xstate';",
    '',
    `export const machine = createMachine(${literal(statelyConfig(entry.machine))});`,
    '',
  ].join('\n');
}

export function statelyJson(entry: CatalogEntry): string {
  return `${JSON.stringify(statelyConfig(entry.machine), null, 2)}\n`;
}

export const codeFileName = (entry: CatalogEntry) => `${entry.exportName}.stately.ts`;
export const jsonFileName = (entry: CatalogEntry) => `${entry.exportName}.json`;

function indexMarkdown(entries: CatalogEntry[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
  const rows = entries.map((entry) => {
    const purpose = machinePurpose(entry, readFileSync(path.join(repoRoot, entry.file), 'utf8'));
    return (
      `| \`${entry.machine.id}\` | [${codeFileName(entry)}](./${codeFileName(entry)}) ([JSON](./${jsonFileName(entry)})) · ` +
      `source [${entry.file}](../../${entry.file}) | ${stateNodes(entry.machine).length} | ` +
      `${transitionFacts(entry.machine).length} | ${cell(purpose)} |`
    );
  });
  return [
    '# Flows for the Stately editor',
    '',
    'Written by `npm run flows` from every machine in `machines/`; do not edit by hand (a test fails when a file',
    'here no longer matches its machine: run `npm run flows` and commit the result).',
    '',
    'To look at a flow: open [stately.ai/editor](https://stately.ai/editor), choose **Import from code**, paste the',
    'whole `*.stately.ts` file and press Import. The `*.json` file is the same chart as data.',
    '',
    'States counts every state node below the root; transitions counts every transition, each guarded',
    "alternative, eventless (`always`) and delayed (`after`) one and the invoked actors' done/error transitions.",
    '',
    '| machine | file | states | transitions | what it is for |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Every file of `machines/stately/` by name, as `npm run flows` writes it. */
export function statelyFiles(entries: CatalogEntry[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of entries) {
    files.set(codeFileName(entry), statelyCode(entry));
    files.set(jsonFileName(entry), statelyJson(entry));
  }
  files.set('README.md', indexMarkdown(entries));
  return files;
}
