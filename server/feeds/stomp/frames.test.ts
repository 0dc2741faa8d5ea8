import { describe, expect, it } from 'vitest';
import { frame, parseFrames } from './frames.ts';
import { negotiateHeartBeat } from './stomp-session.ts';

const parse = (text: string | Buffer) => {
  const p = parseFrames(Buffer.isBuffer(text) ? text : Buffer.from(text));
  if (!p.ok) throw new Error(p.problem);
  return p;
};

describe('STOMP frames', () => {
  it('reads frames with CRLF lines, heart-beats between them, and keeps a frame that has not fully arrived', () => {
    const p = parse('\n\r\nSEND\r\ndestination:/topic/chat.1\r\n\r\nhi\0\nSUBSCRIBE\nid:1\n');
    expect(p.heartBeats).toBe(2 + 1);
    expect(p.frames.map((f) => [f.command, Object.fromEntries(f.headers), f.body.toString()])).toEqual([
      ['SEND', { destination: '/topic/chat.1' }, 'hi'],
    ]);
    const rest = parse(Buffer.concat([p.rest, Buffer.from('destination:/topic/refresh.1\n\n\0')]));
    expect(rest.frames[0]).toMatchObject({ command: 'SUBSCRIBE' });
    expect(rest.rest.length).toBe(0);
  });

  it('takes a body by content-length, NUL bytes included, and the first of repeated headers', () => {
    const p = parse(Buffer.from('SEND\ndestination:/a\ndestination:/b\ncontent-length:3\n\na\0b\0'));
    expect(p.frames[0]!.headers.get('destination')).toBe('/a');
    expect([...p.frames[0]!.body]).toEqual([97, 0, 98]);
  });

  it('escapes header values except in CONNECTED, and reads them back', () => {
    const text = frame('MESSAGE', { destination: '/topic/a:b', note: 'line\nback\\slash' }, '{"x":"é"}');
    expect(text).toContain('destination:/topic/a\\cb\n');
    expect(text).toContain('content-length:10\n');
    const f = parse(text).frames[0]!;
    expect(f.headers.get('note')).toBe('line\nback\\slash');
    expect(f.body.toString()).toBe('{"x":"é"}');
    expect(frame('CONNECTED', { version: '1.2', 'heart-beat': '5000,5000' })).toBe(
      'CONNECTED\nversion:1.2\nheart-beat:5000,5000\n\n\0',
    );
  });

  it('negotiates heart-beats as STOMP 1.2 says: the larger of the two, none when either side has none', () => {
    expect(negotiateHeartBeat('10000,1000')).toEqual({ outgoing: 5000, incoming: 10000 });
    expect(negotiateHeartBeat('0,0')).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartBeat(undefined)).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartBeat('soon')).toBeUndefined();
  });
});
