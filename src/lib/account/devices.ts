import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/security.endpoints.ts';
import type { Device } from '../../../isomorphic/contract/security.ts';
import { keyed, remote } from '../stores/remote.ts';
import { clearSession } from '../stores/session.ts';

const devices = atom<Device[] | null>(null);

/** The signed-in user's devices, loaded when first shown. */
export const $devices: ReadableAtom<Device[] | null> = devices;

onMount(devices, () => {
  if (typeof window !== 'undefined') void loadDevices().catch(() => {});
});

async function loadDevices(): Promise<Device[]> {
  const list = await request(api.loginDevices);
  devices.set(list);
  return list;
}

/** Signs a device out; signing out the one in use ends this session here too. */
export async function signOutDevice(device: Device): Promise<void> {
  await request(api.deleteDevice, { params: { id: device.id } });
  if (device.current) clearSession();
  else devices.set((devices.get() ?? []).filter((d) => d.id !== device.id));
}

export async function renameDevice(id: number, name: string): Promise<void> {
  devices.set(await request(api.updateDevice, { body: { id, name } }));
}

/** A page of the user's sign-ins, newest first. */
export const loginLogStore = keyed(
  (page: number, size: number) => remote(() => request(api.loginLog, { query: { page, size } })).$value,
);
