// What makes a new password acceptable (NIST SP 800-63B style: length, not composition rules): 12 to 128
// characters, and not guessable — not a commonly used password (the ~49,000 most common passwords of public
// breach corpora, shipped offline by @zxcvbn-ts/language-common), not a common password padded with digits
// or symbols ("Password2024!"), not a repetition of a short pattern ("abcabcabcabc"), and not built from
// the account's own e-mail address or the product's name.
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

let commonPasswords: Set<string> | undefined;
function isCommon(candidate: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords.has(candidate);
}

/** Why a password is refused, or null when it is acceptable. */
export type PasswordProblem = 'too-short' | 'too-long' | 'common' | 'repetitive' | 'personal';

export function passwordProblem(password: string, context: { email?: string } = {}): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (length > PASSWORD_MAX_LENGTH) return 'too-long';

  const lower = password.toLowerCase();
  if (isCommon(lower)) return 'common';
  // A common password with digits or symbols around it ("password123456", "!!dragon2024!!").
  const core = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  if (core.length > 0 && core.length < lower.length && isCommon(core)) return 'common';
  // Only digits and separators ("1234-5678-9012") or too few different characters ("aaaaaaaaaaaa").
  if (/^[\d\W_]+$/.test(lower) && isCommon(lower.replace(/[\W_]/g, ''))) return 'common';
  if (new Set(lower).size < 5) return 'repetitive';
  // A short unit repeated ("abcabcabcabc", "passwordpassword").
  const repeated = /^(.{1,}?)\1+$/.exec(lower);
  if (repeated && (repeated[1].length < 6 || isCommon(repeated[1]))) return 'repetitive';
  // Sequences: every character one step from the previous ("abcdefghijkl", "987654321098").
  if (isSequence(lower)) return 'repetitive';

  // Context: what remains after removing the user's own address, its local part and the product's name.
  const words = ['paybench'];
  const email = context.email?.toLowerCase();
  if (email) {
    words.push(email);
    const local = email.split('@')[0];
    if (local.length >= 4) words.push(local);
  }
  let rest = lower;
  for (const word of words) rest = rest.split(word).join('');
  if (rest.length < lower.length && [...rest.replace(/[\W_\d]/g, '')].length < 6) return 'personal';
  return null;
}

function isSequence(text: string): boolean {
  if (text.length < 2) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i++) {
    const diff = text.charCodeAt(i) - text.charCodeAt(i - 1);
    // 9 → 0 continues a digit run ("…7890123").
    const wraps = (step === 1 && text[i - 1] === '9' && text[i] === '0') || (step === -1 && text[i - 1] === '0' && text[i] === '9');
    if (diff !== step && !wraps) return false;
  }
  return true;
}
