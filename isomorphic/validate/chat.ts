/** Longest chat message accepted, counted in UTF-16 code units as String.length and maxlength do. */
export const CHAT_MAX_LENGTH = 400;
