import { BatchStrings, type CommandType } from '../command.ts';

/**
 * A journaled batch's body: `{"n": commands, "s": strings, "c": [type, payload, type, payload, …]}`. Each type is its
 * number in `s`, and so are the strings the hot commands' codecs name (BatchStrings); a command a forwarded request
 * submitted has its type as `~number` (below zero) and its request's tag after its payload. One flat array, not an
 * array per command: a restart parses every body, and JSON.parse's cost is mostly the arrays and strings it makes.
 * Bodies journaled before (`[[type, payload, tag?], …]`) are read too.
 */
interface Body {
  n: number;
  s: string[];
  c: unknown[];
}

export class BatchBody {
  private readonly strings = new BatchStrings();
  private readonly c: unknown[] = [];
  private n = 0;

  get length(): number {
    return this.n;
  }

  add<P>(type: CommandType<P, unknown>, payload: P, tag: string | undefined): void {
    const id = this.strings.id(type.type);
    const encoded = type.encode(payload, this.strings);
    if (tag === undefined) this.c.push(id, encoded);
    else this.c.push(~id, encoded, tag);
    this.n++;
  }

  toJSON(): string {
    return JSON.stringify({ n: this.n, s: this.strings.list, c: this.c } satisfies Body);
  }
}

/** A body's commands, read as `BatchBody` writes them, whichever form the body has. */
export function readBody(body: string): Body {
  const v = JSON.parse(body) as Body | Array<[string, unknown, string?]>;
  if (!Array.isArray(v)) return v;
  // The form before batch strings: its payloads name strings as themselves, which codecs read as such.
  const strings = new BatchStrings();
  const c: unknown[] = [];
  for (const [type, payload, tag] of v) {
    const id = strings.id(type);
    if (tag) c.push(~id, payload, tag);
    else c.push(id, payload);
  }
  return { n: v.length, s: strings.list, c };
}

/**
 * Calls `visit` with each command of a body in order: its type, its payload as journaled (a codec reads it with the
 * batch's `strings`) and its request's tag, if any.
 */
export function readCommands(
  body: string,
  visit: (type: string, payload: unknown, strings: readonly string[], tag: string | undefined) => void,
): void {
  const { s, c } = readBody(body);
  for (let i = 0; i < c.length; ) {
    const id = c[i++] as number;
    const payload = c[i++];
    const tag = id < 0 ? (c[i++] as string) : undefined;
    visit(s[id < 0 ? ~id : id]!, payload, s, tag);
  }
}
