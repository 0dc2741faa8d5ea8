import { describe, expect, it } from 'vitest';
import { canSend, chatCounter, chatTextError, insertNewline, keyAction } from './rules.ts';

describe('the chat composer’s rules (docs/requirements.md §5)', () => {
  it.each([
    ['', 'validation.chatEmpty'],
    [' ', 'validation.chatEmpty'],
    ['   \n\t  ', 'validation.chatEmpty'],
    ['\u3000', 'validation.chatEmpty'],
    ['a', null],
    ['  hi  ', null],
    ['x'.repeat(400), null],
    ['x'.repeat(401), 'validation.chatTooLong'],
    [' '.repeat(401), 'validation.chatEmpty'],
  ])('refuses %j with %s', (text, error) => {
    expect(chatTextError(text)).toBe(error);
  });

  it('counts to 400 as the server does (UTF-16 units, spaces and new lines included)', () => {
    expect(chatCounter('')).toBe('0/400');
    expect(chatCounter('a b\nc')).toBe('5/400');
    expect(chatCounter('😀')).toBe('2/400');
    expect(chatTextError('😀'.repeat(200))).toBeNull();
    expect(chatTextError(`${'😀'.repeat(200)}a`)).toBe('validation.chatTooLong');
  });

  it('keeps sending off while empty and while a text send is under way', () => {
    expect(canSend('', false)).toBe(false);
    expect(canSend('   ', false)).toBe(false);
    expect(canSend('hello', false)).toBe(true);
    expect(canSend('hello', true)).toBe(false);
  });

  it('sends on Enter, starts a new line on Ctrl+Enter, and leaves other keys and input-method Enter alone', () => {
    expect(keyAction({ key: 'Enter', ctrlKey: false, shiftKey: false })).toBe('send');
    expect(keyAction({ key: 'Enter', ctrlKey: true, shiftKey: false })).toBe('newline');
    expect(keyAction({ key: 'Enter', ctrlKey: false, shiftKey: false, isComposing: true })).toBeNull();
    expect(keyAction({ key: 'Enter', ctrlKey: false, shiftKey: true })).toBeNull();
    expect(keyAction({ key: 'a', ctrlKey: true, shiftKey: false })).toBeNull();
  });

  it('puts the new line at the caret, over any selection', () => {
    expect(insertNewline('hello world', 5, 5)).toEqual({ text: 'hello\n world', caret: 6 });
    expect(insertNewline('hello world', 5, 6)).toEqual({ text: 'hello\nworld', caret: 6 });
    expect(insertNewline('', 0, 0)).toEqual({ text: '\n', caret: 1 });
  });
});
