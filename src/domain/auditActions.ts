// What the audit log of admin changes records (src/server/services/audit.ts): every action the server (and
// `npm run create-admin`) writes and
// every kind of object it is written about. The server can write no other (recordAudit takes these types), and the
// admin's audit page shows each by its translated name (admin_audit.actions.<action, dots as underscores> and
// admin_audit.targets.<target>, in both locales: tests/web/auditActions.test.ts).

/** Dotted verbs: what changed, on which kind of object. */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.credits',
  'user.roles',
  'user.premiumType',
  'user.emailVerified',
  'user.update',
  'user.delete',
  'config.minValues',
  'config.inflationData',
  'config.exchangeRates',
  'release.cut',
  'script.deferredCompensation',
  'news.create',
  'news.update',
  'news.delete',
  'newsletter.update',
  'newsletterIssue.create',
  'newsletterIssue.send',
  'outlierPack.create',
  'outlierPack.update',
  'outlierPack.activate',
  'outlierPack.deactivate',
  'outlierPack.delete',
  'outlierPack.calculate',
  'payment.refused',
  'payroll.upload',
  'payroll.delete',
  'payroll.read',
  'payroll.export',
  'payroll.gapAction',
  'payroll.standing',
  'jobRole.create',
  'jobRole.update',
  'jobRole.delete',
  'bandPolicy.update',
  'salaryBands.compute',
  'salaryBand.edit',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of object an audit record is about. */
export const AUDIT_TARGETS = [
  'user',
  'config',
  'release',
  'script',
  'news_post',
  'newsletter',
  'newsletterIssue',
  'outlierPack',
  'payment_event',
  'payroll',
  'job_architecture',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** The translation key of an action's name. */
export const auditActionKey = (action: string) => `admin_audit.actions.${action.replace(/\./g, '_')}`;
/** The translation key of a target kind's name. */
export const auditTargetKey = (target: string) => `admin_audit.targets.${target}`;
