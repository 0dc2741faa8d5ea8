import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.ts';

/**
 * LOG_FORMAT: `pretty` (short coloured lines for a person at a terminal) or `json` (one object a line, for machines).
 */
export type LogFormat = 'pretty' | 'json';

/** JSON unless asked otherwise when stdout is not a terminal (a file, a pipe, a log collector); pretty on one. */
export function logFormatOf(env: NodeJS.ProcessEnv, isTty = process.stdout.isTTY === true): LogFormat {
  const asked = env.LOG_FORMAT;
  if (asked === 'json' || asked === 'pretty') return asked;
  if (asked) throw new Error('LOG_FORMAT must be json or pretty');
  return isTty ? 'pretty' : 'json';
}

const LEVELS: Record<number, [name: string, colour: string]> = {
  10: ['TRACE', '90'],
  20: ['DEBUG', '90'],
  30: ['INFO ', '36'],
  40: ['WARN ', '33'],
  50: ['ERROR', '31'],
  60: ['FATAL', '41;97'],
};
/** What pino puts in every line that a person at the terminal does not need to read. */
const PLAIN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

const shown = (v: unknown) => (typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v));

/** One JSON log line as a short line: time, level, message, then the other fields as key=value; an error's stack. */
export function prettyLine(json: string, colour = true): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const [name, code] = LEVELS[o.level as number] ?? ['LOG  ', '0'];
  const paint = (c: string, s: string) => (colour ? `\x1b[${c}m${s}\x1b[0m` : s);
  const time = typeof o.time === 'number' ? new Date(o.time).toISOString().slice(11, 19) : '';
  const fields = Object.entries(o)
    .filter(([k]) => !PLAIN.has(k))
    .map(([k, v]) => `${paint('90', `${k}=`)}${shown(v)}`);
  const err = o.err as { stack?: string; message?: string } | undefined;
  const tail = err ? `\n${paint('31', err.stack ?? err.message ?? '')}` : '';
  return `${paint('90', time)} ${paint(code, name)} ${String(o.msg ?? '')}${fields.length ? ` ${fields.join(' ')}` : ''}${tail}\n`;
}

/** The destination of the pretty format: each line rewritten as it is written, to stdout. */
function prettyStream(): DestinationStream {
  const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
  return { write: (line: string) => void process.stdout.write(prettyLine(line, colour)) };
}

/** Fastify's logger settings (and every other logger of the process): the level, the redactions, the format. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): LoggerOptions & {
  stream?: DestinationStream;
} {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.satoken'],
    ...(config.logFormat === 'pretty' ? { stream: prettyStream() } : {}),
  };
}

/** A logger outside Fastify in the same format, at `level` (default: the configured one). */
export function createLog(config: Pick<Config, 'logLevel' | 'logFormat'>, level = config.logLevel): Logger {
  const { stream, ...options } = loggerOptions(config);
  return stream ? pino({ ...options, level }, stream) : pino({ ...options, level });
}
