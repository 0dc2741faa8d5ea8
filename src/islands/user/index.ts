/** What other island folders may use of user: everything else in this folder is its own. */
export { Overview } from './Overview.tsx';
export { PasswordForm } from './PasswordForm.tsx';
