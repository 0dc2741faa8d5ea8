import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
// Its look (.defi-login) is in the DeFi sheet, where it was first drawn; the sheet comes with the piece.
import '../../styles/defi.css';

/** An invitation to log in, coming back to this page afterwards. */
export function LoginPrompt({ t, text }: { t: T; text: string }) {
  return (
    <div className="defi-login">
      <p>{text}</p>
      <a
        className="btn btn--primary"
        href={href(`/user/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)}
      >
        {t('header.login')}
      </a>
    </div>
  );
}
