import { keyed, remote } from '../stores/remote.ts';
import { imageAt } from '../wallet/actions.ts';

/**
 * A chat image line's address as an object URL an <img> can show, kept for the page's life: a line's image is
 * fetched once however often it is drawn; a failure is not kept, so the next drawing tries again.
 */
export const chatImageStore = keyed((address: string) => remote(() => imageAt(address), { once: true }).$value);
