/** The six security setting pages of docs/requirements.md §2, under /account/center/setting/. */
export const SETTINGS = ['email', 'phone', 'google', 'login-pwd', 'trade-pwd', 'anti-code'] as const;
export type Setting = (typeof SETTINGS)[number];
