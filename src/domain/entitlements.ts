// What each plan includes (docs/payments.md): the one table the server enforces, the premium cards list and the
// web app locks its views by. Give to get stays free: a member who completed this year's questionnaire sees the
// comparison with filters and their personalised comparison. Each paid plan is a superset of the one below it.

/** The member plans, cheapest first (premiumType without the corporate plan). */
export const MEMBER_PLANS = ['free', 'basic', 'advanced', 'premium'] as const;
export type MemberPlan = (typeof MEMBER_PLANS)[number];
export type PaidPlan = Exclude<MemberPlan, 'free'>;

/** Every view or service a plan can include. */
export const FEATURES = [
  'comparison',
  'personalComparison',
  'evolution',
  'perceptionHistory',
  'insights',
  'incomeProjection',
  'negotiationBrief',
  'releaseAlerts',
] as const;
export type Feature = (typeof FEATURES)[number];

/** What each plan adds to the one below it, in the order the premium cards list them. */
export const PLAN_ADDS: Record<MemberPlan, readonly Feature[]> = {
  free: ['comparison', 'personalComparison'],
  basic: ['evolution', 'perceptionHistory'],
  advanced: ['insights', 'incomeProjection'],
  premium: ['negotiationBrief', 'releaseAlerts'],
};

/** Everything a plan includes: its own additions and those of every plan below it. */
export function planFeatures(plan: MemberPlan): Feature[] {
  return MEMBER_PLANS.slice(0, MEMBER_PLANS.indexOf(plan) + 1).flatMap((each) => PLAN_ADDS[each]);
}

/** The cheapest plan that includes a feature (the one the premium modal highlights when the feature is refused). */
export function lowestPlanFor(feature: Feature): MemberPlan {
  return MEMBER_PLANS.find((plan) => PLAN_ADDS[plan].includes(feature))!;
}

/** A stored premiumType as a member plan: unknown values and the corporate plan (not a member's) read as free. */
export function memberPlanOf(premiumType: string | null | undefined): MemberPlan {
  return (MEMBER_PLANS as readonly string[]).includes(premiumType ?? '') ? (premiumType as MemberPlan) : 'free';
}

/**
 * What corporate accounts see: the views they pay for with credits per search (or unlimited on the corporate
 * plan, src/domain/searchCharge.ts) and the free insights. The member services (brief, alerts, perception history)
 * are about one's own pay over the years and are not part of a company's account.
 */
export const CORPORATE_FEATURES: readonly Feature[] = ['comparison', 'personalComparison', 'evolution', 'insights', 'incomeProjection'];

export interface EntitledAccount {
  roles: readonly string[];
  premiumType: string | null | undefined;
}

/** granted; premium-required with the cheapest plan that unlocks it; or forbidden (no plan unlocks it for this account). */
export type FeatureAccess = { kind: 'granted' } | { kind: 'premium-required'; plan: PaidPlan } | { kind: 'forbidden' };

/**
 * May this account use a feature? Admins use everything; corporate accounts their credit-paid views; members what
 * their plan includes. With premium switched off (`premiumEnabled` false) nothing is sold, so nothing is withheld:
 * members get every member feature their give-to-get form allows. The completed-form rule and credits are checked
 * separately (searchCharge.ts).
 */
export function featureAccess(account: EntitledAccount, feature: Feature, premiumEnabled: boolean): FeatureAccess {
  if (account.roles.includes('admin')) return { kind: 'granted' };
  if (account.roles.includes('corporate')) return CORPORATE_FEATURES.includes(feature) ? { kind: 'granted' } : { kind: 'forbidden' };
  if (!premiumEnabled || planFeatures(memberPlanOf(account.premiumType)).includes(feature)) return { kind: 'granted' };
  return { kind: 'premium-required', plan: lowestPlanFor(feature) as PaidPlan };
}
