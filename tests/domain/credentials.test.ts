// The browser-side checks of addresses and new passwords (nothing malformed is sent).
import { describe, expect, it } from 'vitest';
import { fieldProblemKey, hasProblems, newPasswordProblems, requestFieldProblems, signInProblems } from '../../src/domain/credentials';

describe('credentials', () => {
  it('signing in needs an address that looks like one and a password', () => {
    expect(signInProblems({ email: 'ana@example.com', password: 'x' })).toEqual({});
    expect(signInProblems({ email: ' ana@example.com ', password: 'x' })).toEqual({});
    expect(signInProblems({ email: 'ana@example', password: 'x' })).toEqual({ email: 'invalid_email' });
    expect(signInProblems({ email: '', password: '' })).toEqual({ email: 'required', password: 'required' });
  });

  it('flags a short password and a mismatched confirmation at the same time', () => {
    expect(newPasswordProblems('short', 'other')).toEqual({ password: 'too_short', confirmation: 'mismatch' });
    expect(newPasswordProblems('x'.repeat(129), 'x'.repeat(129))).toEqual({ password: 'too_long' });
    expect(newPasswordProblems('a long enough passphrase', 'a long enough passphrase')).toEqual({});
    expect(newPasswordProblems('a long enough passphrase', 'a long enough passphrasE')).toEqual({ confirmation: 'mismatch' });
  });

  it('checks only the fields a request has: the address, and a confirmed new password under its own name', () => {
    expect(requestFieldProblems({ token: 't', password: 'anything' })).toEqual({});
    expect(requestFieldProblems({ email: 'nope' })).toEqual({ email: 'invalid_email' });
    expect(requestFieldProblems({ email: 'a@b.co', password: 'a long enough passphrase', confirmation: 'different' })).toEqual({ confirmation: 'mismatch' });
    expect(requestFieldProblems({ currentPassword: 'x', newPassword: 'short', confirmation: 'short' })).toEqual({ newPassword: 'too_short' });
    expect(hasProblems({})).toBe(false);
    expect(hasProblems({ email: 'required' })).toBe(true);
  });

  it('names a translation key for every problem', () => {
    expect(fieldProblemKey('invalid_email')).toBe('auth.fields.invalid_email');
    expect(fieldProblemKey('required')).toBe('auth.fields.required');
    expect(fieldProblemKey('mismatch')).toBe('new_password.mismatch');
  });
});
