/**
 * Missing-value check for form fields and API payloads: isEmpty([]) → true, isEmpty(0) → false.
 * A string of spaces is NOT empty here (it has content); use isBlank for "nothing visible".
 * Map and Set count by size; other non-plain objects (Date, class instances) are never empty.
 */
export function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.length === 0;
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof Map || v instanceof Set) return v.size === 0;
  if (typeof v === 'object') {
    const proto: unknown = Object.getPrototypeOf(v);
    // A Date has no own keys yet clearly holds a value, so only plain objects are judged by their keys.
    if (proto !== Object.prototype && proto !== null) return false;
    return Object.keys(v).length === 0;
  }
  return false;
}

/** True when the text has no non-whitespace character (chat rejects such messages): isBlank('  \n') → true. */
export function isBlank(s: string | null | undefined): boolean {
  return s === null || s === undefined || s.trim() === '';
}
