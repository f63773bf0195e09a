/**
 * The web app's only way to write to the console ("in production, console output is silenced").
 * In a production build `import.meta.env.PROD` is `true`, every method is a no-op and the console calls
 * below are dead code the build removes; scripts/check-bundle.ts fails when dist/web still calls
 * console.log, console.info or console.debug. Never log tokens, passwords or pay figures.
 */
type Log = (...args: unknown[]) => void;

const silent: Log = () => {};

export interface Logger {
  debug: Log;
  info: Log;
  warn: Log;
  error: Log;
}

export function createLogger(production: boolean, output: Pick<Console, 'debug' | 'info' | 'warn' | 'error'> = console): Logger {
  if (production) return { debug: silent, info: silent, warn: silent, error: silent };
  return {
    debug: (...args) => output.debug(...args),
    info: (...args) => output.info(...args),
    warn: (...args) => output.warn(...args),
    error: (...args) => output.error(...args),
  };
}

export const logger: Logger = import.meta.env.PROD ? createLogger(true) : createLogger(false);
