import { useStore } from '../../lib/stores/first-frame.ts';
import { translate as t } from '../../lib/i18n/client.ts';
import { chatImageStore } from '../../lib/chat/images.ts';

/** An image line: the upload's address, fetched with the session (an <img> alone cannot send it), shown as an <img>. */
export function ChatImage({ address, alt }: { address: string; alt: string }) {
  const image = useStore(chatImageStore(address));
  if (image.status === 'error') return <span className="chat-line__image-failed">{t('chat.imageFailed')}</span>;
  if (image.status !== 'success') return <span className="chat-line__image-wait" aria-busy="true" />;
  return (
    <a href={image.value} target="_blank" rel="noopener noreferrer">
      <img className="chat-line__image" src={image.value} alt={alt} />
    </a>
  );
}
