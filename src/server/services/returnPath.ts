// Where a payment page may send the buyer back to: a path of this app only. The sandbox page
// and its redirect put the path in `location` as it is, and a browser reads `//host/x` (or `/\host`, or `/\t/host`,
// since it drops tabs and reads `\` as `/`) as another site: an open redirect on Cancel and after Pay.
// openapi.yaml's pattern says the same; this is the server's own check, and the guard for sessions stored before it.
import { badRequest } from '../http/errors';

/** `/`, or segments of letters, digits, `_` and `-`, each after a single `/` (so never `//`, `\` or a scheme). */
const APP_PATH = /^(\/[A-Za-z0-9_-]+)*\/?$/;
const MAX_LENGTH = 200;

export const isAppReturnPath = (path: string): boolean => path.length >= 1 && path.length <= MAX_LENGTH && APP_PATH.test(path);

/** The requested return path (undefined when none was asked for); 400 when it is not a path of this app. */
export function requestedReturnPath(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  if (!isAppReturnPath(path)) {
    throw badRequest('VALIDATION_ERROR', 'Invalid body', ['body.returnPath: must be a path of this app (no "//", no "\\")']);
  }
  return path;
}

/** A stored return path as it may be followed: one stored before this check that is not an app path returns home. */
export const safeStoredReturnPath = (path: string): string => (isAppReturnPath(path) ? path : '/');
