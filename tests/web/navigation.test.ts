import { describe, expect, it } from 'vitest';
import { accountSections, headerSections, informationPages } from '../../src/web/app/navigation';
import { appRoutes } from '../../src/web/app/routes';

const routed = new Set(appRoutes.map((route) => `/${route.path}`));

describe('header sections', () => {
  it('with the premium flag off: comparison, my-form and settings only', () => {
    expect(headerSections(false).map((entry) => entry.to)).toEqual(['/comparison', '/my-form', '/settings']);
  });

  it('with the premium flag on: all six', () => {
    expect(headerSections(true).map((entry) => entry.to)).toEqual([
      '/comparison',
      '/personalized-comparison',
      '/your-evolution',
      '/your-income-projection',
      '/my-form',
      '/settings',
    ]);
  });
});

describe('account menu and footer', () => {
  it('lists the account sections of spec §2', () => {
    expect(accountSections.map((entry) => entry.to)).toEqual(['/my-account/my-credits', '/my-account/my-searches', '/my-account/settings']);
  });

  it('links the six information pages', () => {
    expect(informationPages.map((entry) => entry.to)).toEqual(['/faqs', '/benefits', '/about', '/privacy', '/terms', '/legal', '/methodology']);
  });

  it('every link leads to a routed path', () => {
    for (const entry of [...headerSections(true), ...accountSections, ...informationPages]) expect(routed.has(entry.to), entry.to).toBe(true);
  });
});
