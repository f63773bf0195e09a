import { describe, expect, it } from 'vitest';
import { searchPayerOf } from '../../src/domain/searchCharge';

describe('searchPayerOf', () => {
  it('lets admins search free, whatever else they are', () => {
    expect(searchPayerOf({ roles: ['admin'], premiumType: 'free' })).toBe('admin');
    expect(searchPayerOf({ roles: ['corporate', 'admin'], premiumType: 'free' })).toBe('admin');
    expect(searchPayerOf({ roles: ['member', 'admin'], premiumType: null })).toBe('admin');
  });

  it('charges a credit to corporate users, except on the corporate plan (unlimited)', () => {
    expect(searchPayerOf({ roles: ['corporate'], premiumType: 'free' })).toBe('credits');
    expect(searchPayerOf({ roles: ['corporate', 'member'], premiumType: 'basic' })).toBe('credits');
    expect(searchPayerOf({ roles: ['corporate'], premiumType: 'corporate' })).toBe('unlimited');
  });

  it('lets members search by their form (give to get), whatever their plan', () => {
    expect(searchPayerOf({ roles: ['member'], premiumType: 'free' })).toBe('member');
    expect(searchPayerOf({ roles: ['member'], premiumType: 'corporate' })).toBe('member');
    expect(searchPayerOf({ roles: [], premiumType: undefined })).toBe('member');
  });
});
