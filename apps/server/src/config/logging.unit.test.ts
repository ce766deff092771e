import { describe, expect, it } from 'vitest';
import { logFormat, loggerOptions } from './logging.ts';

describe('logFormat', () => {
  it('is readable in a terminal and JSON anywhere else, unless LOG_FORMAT says', () => {
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
  });
});

describe('loggerOptions', () => {
  it('pretty-prints through pino-pretty, and writes JSON with no transport', () => {
    expect(loggerOptions({ LOG_LEVEL: 'warn', LOG_FORMAT: undefined }, true)).toEqual({
      level: 'warn',
      transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
    });
    expect(loggerOptions({ LOG_LEVEL: 'warn', LOG_FORMAT: undefined }, false)).toEqual({ level: 'warn' });
  });
});
