const MASK = '****';

// Array.from splits by code point so an emoji or CJK character at the edge is never cut in half.
function maskMiddle(value: string, head: number, tail: number): string {
  const chars = Array.from(value);
  if (chars.length <= head + tail) return value;
  return chars.slice(0, head).join('') + MASK + chars.slice(chars.length - tail).join('');
}

/** Shows the first 2 and last 2 characters of the whole address: maskEmail('johndoe@example.com') → "jo****om". */
export function maskEmail(email: string): string {
  return maskMiddle(email, 2, 2);
}

/** Shows the first 3 and last 4 characters of the number as given: maskPhone('13812345678') → "138****5678". */
export function maskPhone(phone: string): string {
  return maskMiddle(phone, 3, 4);
}
