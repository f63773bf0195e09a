// The entitlement table (src/domain/entitlements.ts): each plan a superset of the one below, every feature sold by
// exactly one plan, the cheapest plan named for each, and the one rule for members, corporate accounts and admins.
import { describe, expect, it } from 'vitest';
import {
  CORPORATE_FEATURES,
  FEATURES,
  featureAccess,
  lowestPlanFor,
  MEMBER_PLANS,
  memberPlanOf,
  PLAN_ADDS,
  planFeatures,
  type Feature,
} from '../../src/domain/entitlements';

describe('the entitlement table', () => {
  it('each plan includes everything of the plan below it, and adds something', () => {
    for (let i = 1; i < MEMBER_PLANS.length; i++) {
      const below = planFeatures(MEMBER_PLANS[i - 1]);
      const plan = planFeatures(MEMBER_PLANS[i]);
      expect(plan.slice(0, below.length)).toEqual(below);
      expect(plan.length).toBeGreaterThan(below.length);
    }
  });

  it('sells every feature in exactly one plan; premium includes them all', () => {
    const sold = MEMBER_PLANS.flatMap((plan) => PLAN_ADDS[plan]);
    expect([...sold].sort()).toEqual([...FEATURES].sort());
    expect(new Set(sold).size).toBe(sold.length);
    expect(planFeatures('premium')).toEqual(sold);
  });

  it('names the cheapest plan with each feature', () => {
    const expected: Record<Feature, string> = {
      comparison: 'free',
      personalComparison: 'free',
      evolution: 'basic',
      perceptionHistory: 'basic',
      insights: 'advanced',
      incomeProjection: 'advanced',
      negotiationBrief: 'premium',
      releaseAlerts: 'premium',
    };
    for (const feature of FEATURES) {
      expect(lowestPlanFor(feature), feature).toBe(expected[feature]);
      // No cheaper plan has it; the named one and every dearer one do.
      const index = MEMBER_PLANS.indexOf(lowestPlanFor(feature));
      MEMBER_PLANS.forEach((plan, i) => expect(planFeatures(plan).includes(feature), `${plan} ${feature}`).toBe(i >= index));
    }
  });

  it('reads unknown plans and the corporate plan as free for a member', () => {
    expect(memberPlanOf('advanced')).toBe('advanced');
    expect(memberPlanOf('corporate')).toBe('free');
    expect(memberPlanOf(null)).toBe('free');
    expect(memberPlanOf('gold')).toBe('free');
  });
});

describe('featureAccess', () => {
  const member = (premiumType: string) => ({ roles: ['member'], premiumType });

  it('grants a member what the plan includes and names the cheapest plan of the rest', () => {
    for (const plan of MEMBER_PLANS) {
      for (const feature of FEATURES) {
        const access = featureAccess(member(plan), feature, true);
        if (planFeatures(plan).includes(feature)) expect(access).toEqual({ kind: 'granted' });
        else expect(access).toEqual({ kind: 'premium-required', plan: lowestPlanFor(feature) });
      }
    }
  });

  it('sells nothing with the premium flag off: a free member is granted every feature', () => {
    for (const feature of FEATURES) expect(featureAccess(member('free'), feature, false)).toEqual({ kind: 'granted' });
  });

  it('grants admins everything, and corporate accounts their credit-paid views only, whatever the flag', () => {
    for (const enabled of [true, false]) {
      for (const feature of FEATURES) {
        expect(featureAccess({ roles: ['admin'], premiumType: 'free' }, feature, enabled)).toEqual({ kind: 'granted' });
        expect(featureAccess({ roles: ['corporate'], premiumType: 'corporate' }, feature, enabled)).toEqual(
          CORPORATE_FEATURES.includes(feature) ? { kind: 'granted' } : { kind: 'forbidden' },
        );
      }
    }
  });
});
