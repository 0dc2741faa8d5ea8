import { useEffect, useState } from 'react';
import type { Custody } from '../../../isomorphic/contract/platform.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { custodyText } from '../../lib/custody.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { platformConfig } from '../../lib/platform.ts';

/**
 * The home page's custody card text, from this install's chain settings (the platform config script): the static
 * page cannot know them, so it renders the sentence true everywhere and this replaces it once mounted.
 */
export default function CustodyNote({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const [custody, setCustody] = useState<Custody | null>(null);
  useEffect(() => setCustody(platformConfig().custody), []);
  return (
    <>
      {custodyText(t, locale, custody).map((line) => (
        <p key={line} data-testid="home-custody">
          {line}
        </p>
      ))}
    </>
  );
}
