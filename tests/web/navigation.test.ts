import { describe, expect, it } from 'vitest';
import { accountSections, headerSections, informationPages, personalViews, premiumPage, sectionLock } from '../../src/web/kernel/navigation';
import { appRoutes } from '../../src/domain/routes';

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
  it('lists the account sections', () => {
    expect(accountSections.map((entry) => entry.to)).toEqual(['/my-account/my-credits', '/my-account/my-searches', '/my-account/settings']);
  });

  it('links the six information pages', () => {
    expect(informationPages.map((entry) => entry.to)).toEqual(['/faqs', '/benefits', '/about', '/privacy', '/terms', '/legal', '/methodology']);
  });

  it('every link leads to a routed path', () => {
    for (const entry of [...headerSections(true), ...accountSections, ...informationPages, ...personalViews, premiumPage])
      expect(routed.has(entry.to), entry.to).toBe(true);
  });
});

describe('the personal views outside the header', () => {
  const free = { premiumType: 'free', role: ['member'] };
  const paid = { premiumType: 'premium', role: ['member'] };
  const admin = { premiumType: 'free', role: ['admin'] };

  it('the personal views are the three paid sections the header leaves out with the premium flag off', () => {
    const hidden = headerSections(true).filter((entry) => !headerSections(false).includes(entry));
    expect(personalViews).toEqual(hidden);
  });

  it('with the premium flag off nothing is locked', () => {
    for (const user of [free, paid, admin, null]) for (const entry of headerSections(true)) expect(sectionLock(entry, false, user)).toBeNull();
  });

  it('with the flag on, a free plan finds the personal views locked (premium), a paid plan or an admin does not', () => {
    const locked = (user: typeof free | null) =>
      headerSections(true)
        .filter((entry) => sectionLock(entry, true, user) === 'premium')
        .map((entry) => entry.to);
    expect(locked(free)).toEqual(['/personalized-comparison', '/your-evolution', '/your-income-projection']);
    expect(locked(paid)).toEqual([]);
    expect(locked(admin)).toEqual([]);
  });
});
