// The web logger: silent in production builds, the console in development.
import { describe, expect, it, vi } from 'vitest';
import { createLogger, logger } from '../../src/web/kernel/logger';

const fakeConsole = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('web logger', () => {
  it('writes nothing in production', () => {
    const output = fakeConsole();
    const log = createLogger(true, output);
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e', new Error('x'));
    for (const method of Object.values(output)) expect(method).not.toHaveBeenCalled();
  });

  it('passes everything to the console in development', () => {
    const output = fakeConsole();
    const log = createLogger(false, output);
    log.info('saved', { id: 1 });
    log.error('failed');
    expect(output.info).toHaveBeenCalledWith('saved', { id: 1 });
    expect(output.error).toHaveBeenCalledWith('failed');
    expect(output.debug).not.toHaveBeenCalled();
  });

  it('the app logger follows the build mode (tests run as development)', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    logger.warn('careful');
    expect(spy).toHaveBeenCalledWith('careful');
    spy.mockRestore();
  });
});
