// The signed-in person of the machine and web tests: a demo account of a role, as the API answers it.
import type { User } from '../../../machines/auth/landing';

export function demoUser(role: User['role'], fields: Partial<User> = {}): User {
  const name = role[0] ?? 'someone';
  return {
    _id: `${name}UserId${'0'.repeat(16)}`,
    email: `${name}@paybench.demo`,
    role,
    credits: 0,
    campaignId: null,
    premiumType: 'free',
    corporateInfo: null,
    emailVerified: true,
    language: 'es',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}
