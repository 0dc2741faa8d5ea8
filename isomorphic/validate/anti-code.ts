/** An anti-phishing code: 4–20 letters or digits, e.g. 'Lumex42'. */
export const ANTI_CODE_PATTERN = /^[A-Za-z0-9]{4,20}$/;
