/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a command line, header lines, a blank
 * line, the body and a NUL. End-of-lines between frames are heart-beats. The parser reads a stream: a frame may
 * arrive in pieces, and what is not complete yet comes back as `rest` for the next piece.
 */
export interface Frame {
  command: string;
  /** The first value of each header wins, as 1.2 says of repeated ones. */
  headers: Map<string, string>;
  body: Buffer;
  /** Bytes the frame took on the wire. */
  size: number;
}

export type Parsed = { ok: true; frames: Frame[]; heartBeats: number; rest: Buffer } | { ok: false; problem: string };

const NL = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const ESCAPES: Record<string, string> = { r: '\r', n: '\n', c: ':', '\\': '\\' };

/** Frames whose headers are not escaped (1.2: CONNECT and CONNECTED, for 1.0 compatibility). */
const RAW_HEADERS = new Set(['CONNECT', 'CONNECTED']);

function unescape(text: string): string | undefined {
  let bad = false;
  const out = text.replace(/\\(.?)/g, (_, c: string) => {
    const e = ESCAPES[c];
    if (e === undefined) bad = true;
    return e ?? '';
  });
  return bad ? undefined : out;
}

/** The line from `at` to its LF, without a CR before it; undefined when no LF has arrived yet. */
function lineAt(buf: Buffer, at: number): { text: string; next: number } | undefined {
  const lf = buf.indexOf(NL, at);
  if (lf < 0) return undefined;
  const end = lf > at && buf[lf - 1] === CR ? lf - 1 : lf;
  return { text: buf.toString('utf8', at, end), next: lf + 1 };
}

/** Reads every complete frame of `buf`: parseFrames(Buffer.from('SEND\ndestination:/topic/x\n\nhi\0')). */
export function parseFrames(buf: Buffer): Parsed {
  const frames: Frame[] = [];
  let heartBeats = 0;
  let at = 0;
  for (;;) {
    while (at < buf.length && (buf[at] === NL || (buf[at] === CR && buf[at + 1] === NL))) {
      at += buf[at] === CR ? 2 : 1;
      heartBeats++;
    }
    if (at >= buf.length) return { ok: true, frames, heartBeats, rest: Buffer.alloc(0) };
    const start = at;
    const incomplete = (): Parsed => ({ ok: true, frames, heartBeats, rest: buf.subarray(start) });
    const command = lineAt(buf, at);
    if (!command) return incomplete();
    if (!/^[A-Z]{1,20}$/.test(command.text)) return { ok: false, problem: 'malformed command line' };
    at = command.next;
    const headers = new Map<string, string>();
    for (;;) {
      const line = lineAt(buf, at);
      if (!line) return incomplete();
      at = line.next;
      if (line.text === '') break;
      const colon = line.text.indexOf(':');
      if (colon <= 0) return { ok: false, problem: 'malformed header line' };
      const raw = RAW_HEADERS.has(command.text);
      const name = raw ? line.text.slice(0, colon) : unescape(line.text.slice(0, colon));
      const value = raw ? line.text.slice(colon + 1) : unescape(line.text.slice(colon + 1));
      if (name === undefined || value === undefined)
        return { ok: false, problem: 'undefined escape sequence in a header' };
      if (!headers.has(name)) headers.set(name, value);
    }
    const length = headers.get('content-length');
    let end: number;
    if (length !== undefined) {
      if (!/^\d{1,9}$/.test(length)) return { ok: false, problem: 'malformed content-length' };
      end = at + Number(length);
      if (end >= buf.length) return incomplete();
      if (buf[end] !== NUL) return { ok: false, problem: 'frame body longer than its content-length' };
    } else {
      end = buf.indexOf(NUL, at);
      if (end < 0) return incomplete();
    }
    frames.push({ command: command.text, headers, body: buf.subarray(at, end), size: end + 1 - start });
    at = end + 1;
  }
}

const escape = (text: string) =>
  text.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));

/** A frame as text: frame('MESSAGE', { destination: '/topic/user.42.chat' }, '{"content":"hi"}'). */
export function frame(command: string, headers: Record<string, string | number | undefined>, body = ''): string {
  const raw = RAW_HEADERS.has(command);
  let text = `${command}\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) text += `${raw ? name : escape(name)}:${raw ? value : escape(String(value))}\n`;
  }
  if (body) text += `content-length:${Buffer.byteLength(body)}\n`;
  return `${text}\n${body}\0`;
}
