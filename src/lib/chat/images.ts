import { imageAt } from '../wallet/actions.ts';

/** Object URLs of chat images by address, kept for the page's life: a line's image is fetched once however often it is drawn. */
const cache = new Map<string, Promise<string>>();

/** A chat image line's address as something an <img> can show; a failure is forgotten, so the next drawing tries again. */
export function chatImage(address: string): Promise<string> {
  let url = cache.get(address);
  if (!url) {
    url = imageAt(address);
    cache.set(address, url);
    url.catch(() => cache.delete(address));
  }
  return url;
}
