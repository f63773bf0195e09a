import { describe, expect, it } from 'vitest';
import { accountSections, headerSections, informationPages, lockingPlan, personalViews, premiumPage, sectionLock } from '../../src/web/kernel/navigation';
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

  it('with the flag on, each view is locked exactly when the plan lacks its feature (the entitlement table); never for an admin', () => {
    const locked = (user: typeof free | null) =>
      headerSections(true)
        .filter((entry) => sectionLock(entry, true, user) === 'premium')
        .map((entry) => entry.to);
    // The personalised comparison is free (give to get); the evolution is basic's, the projection advanced's.
    expect(locked(free)).toEqual(['/your-evolution', '/your-income-projection']);
    expect(locked({ premiumType: 'basic', role: ['member'] })).toEqual(['/your-income-projection']);
    expect(locked({ premiumType: 'advanced', role: ['member'] })).toEqual([]);
    expect(locked(paid)).toEqual([]);
    expect(locked(admin)).toEqual([]);
    expect(locked({ premiumType: 'free', role: ['corporate'] })).toEqual([]);
  });

  it('names the cheapest plan that unlocks a locked view', () => {
    expect(lockingPlan('evolution', true, free)).toBe('basic');
    expect(lockingPlan('incomeProjection', true, free)).toBe('advanced');
    expect(lockingPlan('insights', true, { premiumType: 'basic', role: ['member'] })).toBe('advanced');
    expect(lockingPlan('evolution', false, free)).toBeNull();
    expect(lockingPlan('evolution', true, null)).toBeNull();
  });
});
