import { useEffect, useState } from 'react';
import { translate as t } from '../../lib/i18n/client.ts';
import { chatImage } from '../../lib/chat/images.ts';

/** An image line: the upload's address, fetched with the session (an <img> alone cannot send it), shown as an <img>. */
export function ChatImage({ address, alt }: { address: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    chatImage(address).then((url) => live && setSrc(url), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [address]);
  if (failed) return <span className="chat-line__image-failed">{t('chat.imageFailed')}</span>;
  if (!src) return <span className="chat-line__image-wait" aria-busy="true" />;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer">
      <img className="chat-line__image" src={src} alt={alt} />
    </a>
  );
}
