// A tiny app logger: the app has none yet. Spec §8: in production, console output is silenced.
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
