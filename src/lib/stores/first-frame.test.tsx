import { atom, computed } from 'nanostores';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { firstFrame, useStore } from './first-frame.ts';

function Show({ store }: { store: Parameters<typeof useStore<string>>[0] }) {
  return <p>{useStore(store)}</p>;
}

// renderToString renders as hydration does: with useSyncExternalStore's server snapshot.
describe('firstFrame', () => {
  it('hydrates a store with the value the page was built with, not the one the browser holds already', () => {
    const stored = atom('built');
    const $stored = firstFrame(stored, 'built');
    stored.set('read from localStorage');
    expect(renderToString(<Show store={$stored} />)).toBe('<p>built</p>');
  });

  it('covers computed stores declared on their own', () => {
    const token = atom('');
    const $signedIn = firstFrame(
      computed(token, (t) => (t ? 'signed in' : 'signed out')),
      'signed out',
    );
    token.set('abc');
    expect($signedIn.get()).toBe('signed in');
    expect(renderToString(<Show store={$signedIn} />)).toBe('<p>signed out</p>');
  });

  it('leaves an undeclared store as it is', () => {
    const plain = atom('one');
    plain.set('two');
    expect(renderToString(<Show store={plain} />)).toBe('<p>two</p>');
  });
});
