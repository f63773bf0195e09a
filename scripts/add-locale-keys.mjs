#!/usr/bin/env node
// Deep-merges translation keys into locales/es.json and locales/en.json under a file lock, so several
// people (or tools) can add keys at once without overwriting each other.
// Usage: node scripts/add-locale-keys.mjs keys.json   where keys.json is { "es": {…nested…}, "en": {…} }
// Both languages must receive the same key set; existing keys are overwritten by the new text.
import { readFileSync, writeFileSync, openSync, closeSync, unlinkSync, existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = path.join(root, 'locales', '.lock');

function flatten(object, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(object)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, name, out);
    else out[name] = value;
  }
  return out;
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      merge(target[key], value);
    } else target[key] = value;
  }
  return target;
}

async function withLock(work) {
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lockFile, 'wx'));
      break;
    } catch {
      // A lock older than 30 s was left by a crashed run.
      if (existsSync(lockFile) && Date.now() - statSync(lockFile).mtimeMs > 30_000) unlinkSync(lockFile);
      if (attempt > 600) throw new Error('locales are locked');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return work();
  } finally {
    unlinkSync(lockFile);
  }
}

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const esKeys = Object.keys(flatten(input.es ?? {})).sort();
const enKeys = Object.keys(flatten(input.en ?? {})).sort();
if (JSON.stringify(esKeys) !== JSON.stringify(enKeys)) {
  const missing = esKeys.filter((k) => !enKeys.includes(k)).concat(enKeys.filter((k) => !esKeys.includes(k)));
  console.error(`es and en must have the same keys; differing: ${missing.join(', ')}`);
  process.exit(1);
}
await withLock(() => {
  for (const language of ['es', 'en']) {
    const file = path.join(root, 'locales', `${language}.json`);
    const current = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(merge(current, input[language]), null, 2) + '\n');
  }
});
console.log(`added ${esKeys.length} keys to es and en`);
