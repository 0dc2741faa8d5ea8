import { atom, readonlyType, type ReadableAtom, type WritableAtom } from 'nanostores';
import { asApiError } from '../api/failure.ts';
import type { Loadable } from '../stores/loadable.ts';
import { imageUrl } from '../wallet/actions.ts';

const images = new Map<string, WritableAtom<Loadable<string>>>();
function imageStore(id: string): WritableAtom<Loadable<string>> {
  let store = images.get(id);
  if (!store) images.set(id, (store = atom<Loadable<string>>({ status: 'idle' })));
  return store;
}

/**
 * An uploaded proof image of an OTC order, as an address the page can show; idle until the user asks to see it
 * (images need the session header, so they are fetched, not linked).
 */
export function proofImageStore(id: string): ReadableAtom<Loadable<string>> {
  return readonlyType(imageStore(id));
}

/** Fetches a proof image the user asked to see. */
export async function showProofImage(id: string): Promise<void> {
  const store = imageStore(id);
  store.set({ status: 'pending' });
  try {
    store.set({ status: 'success', value: await imageUrl(id) });
  } catch (e) {
    // The image is fetched as a file, not through `request`: its failure becomes an ApiError of code 0, as a
    // transport failure does (nothing was toasted).
    store.set({ status: 'error', error: asApiError(e) });
  }
}
