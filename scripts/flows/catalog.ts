/**
 * The machines of `machines/`, found automatically, and the facts every flow tool reads from their
 * definitions: state nodes and transitions (with guarded alternatives, eventless `always` and `after`).
 *
 * Used by the Stately export (`npm run flows`), its round-trip test and the path-coverage report, so a
 * new machine file (`machines/<flow>/<name>Machine.ts`) is exported and counted without being listed.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const machinesDir = path.join(repoRoot, 'machines');
/** Where `npm run flows` writes the Stately files (never scanned for machines). */
export const statelyDir = path.join(machinesDir, 'stately');

export interface CatalogEntry {
  /** The exported name, e.g. `authMachine`. */
  exportName: string;
  /** Repository-relative path of the machine file, e.g. `machines/auth/authMachine.ts`. */
  file: string;
  machine: AnyStateMachine;
}

export function isStateMachine(value: unknown): value is AnyStateMachine {
  return value instanceof StateMachine;
}

/** Repository-relative paths of every `machines/<flow>/*Machine.ts`, sorted. */
export function machineFiles(): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(machinesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || path.join(machinesDir, entry.name) === statelyDir) continue;
    for (const name of readdirSync(path.join(machinesDir, entry.name))) {
      if (/Machine\.ts$/.test(name)) files.push(`machines/${entry.name}/${name}`);
    }
  }
  return files.sort();
}

/** Every exported XState machine of every machine file, in file order then export order. */
export async function discoverMachines(): Promise<CatalogEntry[]> {
  const entries: CatalogEntry[] = [];
  for (const file of machineFiles()) {
    const module = (await import(pathToFileURL(path.join(repoRoot, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (isStateMachine(value)) entries.push({ exportName, file, machine: value });
    }
  }
  const ids = new Map<string, string>();
  for (const entry of entries) {
    const other = ids.get(entry.machine.id);
    if (other) throw new Error(`Two machines share the id "${entry.machine.id}": ${other} and ${entry.file}`);
    ids.set(entry.machine.id, entry.file);
  }
  return entries;
}

/** Every state node below the root, depth first in document order (history pseudo-states are never active). */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type === 'history') continue;
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

export function stateIds(machine: AnyStateMachine): string[] {
  return stateNodes(machine).map((node) => node.id);
}

interface GuardLike {
  type?: string;
  name?: string;
  guards?: unknown[];
}

/** A guard by name: `isLastStep`, or `and(not(isLastStep), stepHasProblems)` for the higher-order ones. */
export function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  const g = guard as GuardLike;
  if (typeof guard === 'function' && Array.isArray(g.guards)) return `${g.name}(${g.guards.map((inner) => guardName(inner)).join(', ')})`;
  if (typeof guard === 'object' && typeof g.type === 'string') return g.type;
  return (typeof guard === 'function' && g.name) || 'inline guard';
}

export interface TransitionFact {
  /** Unique within the machine: source, event and the position among that event's alternatives. */
  key: string;
  source: string;
  /** `''` for an eventless (`always`) transition. */
  event: string;
  guard?: string;
  /** Target state ids; empty for a transition that only runs actions. */
  targets: string[];
  /** `source --event [guard]--> targets`, the same for a machine and its Stately export. */
  description: string;
}

function describeTransition(source: string, event: string, guard: string | undefined, targets: string[]): string {
  return `${source} --${event || '(always)'}${guard ? ` [${guard}]` : ''}--> ${targets.length ? targets.join(', ') : '(no target)'}`;
}

/** The fact of one transition definition (of this machine or of a provided copy of it: keys match). */
export function transitionFact(transition: AnyTransitionDefinition): TransitionFact {
  const source = transition.source as AnyStateNode;
  const event = transition.eventType as string;
  const alternatives: AnyTransitionDefinition[] = event === '' ? (source.always ?? []) : (source.transitions.get(event) ?? []);
  const index = alternatives.indexOf(transition);
  const guard = guardName(transition.guard);
  const targets = (transition.target ?? []).map((target: AnyStateNode) => target.id);
  return {
    key: `${source.id} ${event || '(always)'} #${index}`,
    source: source.id,
    event,
    guard,
    targets,
    description: describeTransition(source.id, event, guard, targets),
  };
}

/** Every transition definition of the machine: `on`, `after`, invoke done/error/snapshot and `always`, per guarded alternative. */
export function transitionFacts(machine: AnyStateMachine): TransitionFact[] {
  const facts: TransitionFact[] = [];
  for (const node of [machine.root, ...stateNodes(machine)]) {
    for (const alternatives of node.transitions.values()) for (const transition of alternatives) facts.push(transitionFact(transition));
    for (const transition of node.always ?? []) facts.push(transitionFact(transition));
  }
  return facts;
}

/** What the machine is for: its root `description`, else the first paragraph of its JSDoc. */
export function machinePurpose(entry: CatalogEntry, source: string): string {
  const description = entry.machine.root.description;
  if (description) return description;
  const jsdoc = new RegExp(`/\\*\\*([\\s\\S]*?)\\*/\\s*export const ${entry.exportName}\\b`).exec(source)?.[1];
  if (!jsdoc) return '';
  const lines = jsdoc.split('\n').map((line) => line.replace(/^\s*\*\s?/, '').trim());
  const paragraph: string[] = [];
  for (const line of lines) {
    if (!line && paragraph.length) break;
    if (line) paragraph.push(line);
  }
  return paragraph.join(' ');
}
