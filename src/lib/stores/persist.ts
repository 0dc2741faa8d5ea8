/**
 * The stored-item wrapper of docs/requirements.md §3 (data type, content, type, timestamp) around each persisted value,
 * so a stored value says what it is and when it was written. Used as @nanostores/persistent's encode/decode.
 */
export function wrapped<T>(fallback: T) {
  return {
    encode: (content: T) =>
      JSON.stringify({ dataType: typeof content, content, type: 'localStorage', datetime: Date.now() }),
    decode: (raw: string): T => {
      try {
        const content = (JSON.parse(raw) as { content?: T }).content;
        return content === undefined ? fallback : content;
      } catch {
        return fallback;
      }
    },
  };
}

/**
 * wrapped() for values that can be absent: setting the store back to `empty` removes its key rather than storing
 * an empty value (docs/requirements.md §4: logout removes the stored tokens).
 */
export function wrappedOrRemoved<T>(empty: T) {
  const inner = wrapped(empty);
  return { ...inner, encode: (content: T) => (content === empty ? undefined : inner.encode(content)) };
}
