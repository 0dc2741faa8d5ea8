import { atom, onMount, readonlyType } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/api-keys.endpoints.ts';
import type { ApiKeyBody, ApiKeyCreated, ApiKeyView } from '../../../isomorphic/contract/api-keys.ts';

/** The signed-in user's API keys (never their secrets). */
const apiKeys = atom<ApiKeyView[] | null>(null);
export const $apiKeys = readonlyType(apiKeys);

async function loadApiKeys(): Promise<void> {
  apiKeys.set((await request(api.apiKeys, { query: { size: 100 } })).records);
}
onMount(apiKeys, () => void (typeof window !== 'undefined' && loadApiKeys().catch(() => {})));

/** Creates a key; its secret is in the answer and nowhere else. */
export async function createApiKey(body: ApiKeyBody): Promise<ApiKeyCreated> {
  const created = await request(api.createApiKey, { body });
  await loadApiKeys();
  return created;
}

export async function deleteApiKey(id: number): Promise<void> {
  await request(api.deleteApiKey, { query: { id } });
  await loadApiKeys();
}
