/**
 * An e-mail format check chooses between lookup by e-mail and by id. What an admin or the
 * system typed is an e-mail when it has the e-mail format (a local part of letters, digits, dot,
 * underscore and hyphen, then @, a domain, a dot and a suffix of 2 to 6 letters); anything else is an id.
 */
export const LOOKUP_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/;

export type Lookup = { by: 'email'; email: string } | { by: 'id'; id: string };

/** How to find the user or form that `typed` names: by its e-mail (lower-cased) or by its id (as typed, trimmed). */
export function lookupBy(typed: string): Lookup {
  const value = typed.trim();
  return LOOKUP_EMAIL_PATTERN.test(value) ? { by: 'email', email: value.toLowerCase() } : { by: 'id', id: value };
}
