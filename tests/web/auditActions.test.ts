// The audit page names every action and object kind the server writes, in both languages: the server's audit
// records (every recordAudit in src/server) use only the codes of src/domain/auditActions.ts, and each has a
// translation in locales/es.json and locales/en.json.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, AUDIT_TARGETS, auditActionKey, auditTargetKey } from '../../src/domain/auditActions';
import { createI18n } from '../../src/web/kernel/i18nBundled';

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The codes the server's source and scripts write (in the files that call recordAudit): `action: '…'` (both sides of a conditional too) and the users route's `audit('…'`. */
function writtenCodes(): { actions: Set<string>; targets: Set<string> } {
  const actions = new Set<string>();
  const targets = new Set<string>();
  for (const file of [...serverFiles(path.join('src', 'server')), ...serverFiles('scripts')]) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes('recordAudit(') || file.endsWith(path.join('services', 'audit.ts'))) continue; // the writers only
    for (const match of source.matchAll(/\baction:\s*([^,}\n]+)/g)) {
      for (const literal of match[1].matchAll(/'([^']+)'/g)) actions.add(literal[1]);
    }
    for (const match of source.matchAll(/\baudit\(\s*'([^']+)'/g)) actions.add(match[1]);
    for (const match of source.matchAll(/\btargetType:\s*'([^']+)'/g)) targets.add(match[1]);
  }
  return { actions, targets };
}

describe('audit log action names', () => {
  const written = writtenCodes();

  it('reads the codes the server writes (the plan change and the payment refusal among them)', () => {
    expect(written.actions).toContain('user.premiumType');
    expect(written.actions).toContain('payment.refused');
    expect(written.actions).toContain('outlierPack.activate');
    expect(written.actions).toContain('user.create');
    expect(written.targets).toContain('user');
  });

  it('knows every action and object kind the server writes', () => {
    expect([...written.actions].filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
    expect([...written.targets].filter((target) => !(AUDIT_TARGETS as readonly string[]).includes(target))).toEqual([]);
  });

  for (const language of ['es', 'en'] as const) {
    it(`names each of them in ${language}`, () => {
      const i18n = createI18n(language);
      const missing = [
        ...AUDIT_ACTIONS.filter((action) => !i18n.exists(auditActionKey(action))),
        ...AUDIT_TARGETS.filter((target) => !i18n.exists(auditTargetKey(target))),
      ];
      expect(missing).toEqual([]);
      for (const action of AUDIT_ACTIONS) expect(i18n.t(auditActionKey(action))).not.toBe(action);
    });
  }
});
