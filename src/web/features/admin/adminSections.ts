// The sections of the admin area, in the order of its navigation (AdminLayout). One list: a page of the admin area
// gets its place in the navigation by its path here and its route in src/domain/routes.ts (path `admin/...`).
export type AdminSectionId = 'stats' | 'users' | 'forms' | 'outliers' | 'releases' | 'configs' | 'data-quality' | 'audit' | 'news' | 'newsletters' | 'outbox';

export interface AdminSection {
  id: AdminSectionId;
  /** Absolute path of the section's page. */
  path: `/admin/${string}`;
  /** Translation key of its label in the navigation. */
  labelKey: `admin.nav.${string}`;
  /** Shown only when the app configuration says so (the outbox exists only while mail goes to it). */
  when?: 'mailOutbox';
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'stats', path: '/admin/stats', labelKey: 'admin.nav.stats' },
  { id: 'users', path: '/admin/users', labelKey: 'admin.nav.users' },
  { id: 'forms', path: '/admin/forms', labelKey: 'admin.nav.forms' },
  { id: 'outliers', path: '/admin/outliers', labelKey: 'admin.nav.outliers' },
  { id: 'releases', path: '/admin/releases', labelKey: 'admin.nav.releases' },
  { id: 'configs', path: '/admin/configs', labelKey: 'admin.nav.configs' },
  { id: 'data-quality', path: '/admin/data-quality', labelKey: 'admin.nav.data_quality' },
  { id: 'audit', path: '/admin/audit', labelKey: 'admin.nav.audit' },
  { id: 'news', path: '/admin/news', labelKey: 'admin.nav.news' },
  { id: 'newsletters', path: '/admin/newsletters', labelKey: 'admin.nav.newsletters' },
  { id: 'outbox', path: '/admin/outbox', labelKey: 'admin.nav.outbox', when: 'mailOutbox' },
];

/** The landing page of the admin area (/admin leads there). */
export const ADMIN_HOME = '/admin/stats';

/** The sections to list, given the app configuration (null while it loads: the conditional ones wait). */
export function visibleAdminSections(config: { mailOutbox?: boolean } | null, sections: readonly AdminSection[] = ADMIN_SECTIONS): AdminSection[] {
  return sections.filter((section) => section.when === undefined || Boolean(config?.[section.when]));
}

/** The section a path belongs to (its own page or a page below it, e.g. /admin/users/abc). */
export function activeAdminSection(pathname: string, sections: readonly AdminSection[] = ADMIN_SECTIONS): AdminSection | null {
  const path = pathname.replace(/\/+$/, '');
  return sections.find((section) => path === section.path || path.startsWith(`${section.path}/`)) ?? null;
}
