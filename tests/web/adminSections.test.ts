// The admin area's one list of sections (src/web/features/admin/adminSections.ts): the navigation's order, the
// outbox only while mail goes to it, the section of a path, and every admin route of the route table reachable
// from the navigation, named in both languages.
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME, ADMIN_SECTIONS, activeAdminSection, visibleAdminSections } from '../../src/web/features/admin/adminSections';
import { appRoutes } from '../../src/domain/routes';
import es from '../../locales/es.json';
import en from '../../locales/en.json';

const get = (object: unknown, key: string) => key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], object);

describe('admin sections', () => {
  it('lists the admin sections in the navigation order, stats first', () => {
    expect(ADMIN_SECTIONS.map((s) => s.path)).toEqual([
      '/admin/stats',
      '/admin/users',
      '/admin/forms',
      '/admin/outliers',
      '/admin/releases',
      '/admin/configs',
      '/admin/data-quality',
      '/admin/audit',
      '/admin/news',
      '/admin/newsletters',
      '/admin/outbox',
    ]);
    expect(ADMIN_HOME).toBe('/admin/stats');
    expect(appRoutes.find((route) => route.path === 'admin')?.view).toEqual({ kind: 'redirect', to: ADMIN_HOME });
  });

  it('shows the outbox only while mail goes to it', () => {
    expect(visibleAdminSections({ mailOutbox: true }).map((s) => s.id)).toContain('outbox');
    expect(visibleAdminSections({ mailOutbox: false }).map((s) => s.id)).not.toContain('outbox');
    expect(visibleAdminSections(null).map((s) => s.id)).not.toContain('outbox');
    expect(visibleAdminSections(null)).toHaveLength(ADMIN_SECTIONS.length - 1);
  });

  it('finds the section of a page and of the pages below it', () => {
    expect(activeAdminSection('/admin/stats')?.id).toBe('stats');
    expect(activeAdminSection('/admin/users/abc123/')?.id).toBe('users');
    expect(activeAdminSection('/admin/statsx')).toBeNull();
    expect(activeAdminSection('/comparison')).toBeNull();
  });

  it('makes every admin route of the route table reachable from the navigation, behind the admin guard', () => {
    for (const route of appRoutes.filter((r) => r.path.startsWith('admin/'))) {
      expect(route.guards, route.path).toEqual(['signed-in', 'admin']);
      // A page below a section (the news editor, the flagged forms, one user) is reached from its section's page.
      expect(activeAdminSection(`/${route.path}`), route.path).not.toBeNull();
    }
  });

  it('names every section in both languages', () => {
    for (const section of ADMIN_SECTIONS) {
      expect(typeof get(es, section.labelKey), section.labelKey).toBe('string');
      expect(typeof get(en, section.labelKey), section.labelKey).toBe('string');
    }
  });
});
