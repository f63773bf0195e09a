// This browser's local storage, or undefined where it is blocked (privacy modes): flows then go on without it.
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
