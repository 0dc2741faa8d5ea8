import { describe, expect, it } from 'vitest';
import { logFormatOf, prettyLine } from './log.ts';

describe('the server log', () => {
  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormatOf({}, true)).toBe('pretty');
    expect(logFormatOf({}, false)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => logFormatOf({ LOG_FORMAT: 'yaml' }, true)).toThrow('LOG_FORMAT must be json or pretty');
  });

  it('writes a JSON line as time, level, message and the other fields; an error with its stack', () => {
    const time = Date.UTC(2026, 11, 2, 17, 5, 9);
    const line = JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', msg: 'dist/ is missing', distDir: '/x y' });
    expect(prettyLine(line, false)).toBe('17:05:09 WARN  dist/ is missing distDir="/x y"\n');
    expect(prettyLine(line, true)).toContain('\x1b[33mWARN \x1b[0m');
    const err = JSON.stringify({
      level: 50,
      time,
      msg: 'unhandled error',
      err: { message: 'boom', stack: 'Error: boom\n at x' },
    });
    expect(prettyLine(err, false)).toBe('17:05:09 ERROR unhandled error\nError: boom\n at x\n');
    expect(prettyLine('not json', false)).toBe('not json');
  });
});
