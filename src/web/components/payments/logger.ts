// A tiny app logger: in production, console output is silenced (vite.config.ts).
export interface AppLogger {
  info: (message: string, details?: Record<string, unknown>) => void;
}

export function createLogger(silent: boolean, sink: Pick<Console, 'info'> = console): AppLogger {
  return {
    info(message, details) {
      if (!silent) sink.info(`[paybench] ${message}`, details ?? {});
    },
  };
}

export const appLogger: AppLogger = createLogger(import.meta.env?.PROD === true);
