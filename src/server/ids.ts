// Random ids of letters and digits; a form id doubles as the capability of its anonymous author,
// so ids come from the cryptographic generator and are 24 characters long (~143 bits).
import { randomInt } from 'node:crypto';
import { ID_ALPHABET, ID_LENGTH } from '../domain/constants';

export function newId(length = ID_LENGTH): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}
