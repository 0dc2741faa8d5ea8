import type { Device, LoginLogPage } from '../../../isomorphic/contract/security.ts';
import { fail } from '../../outcome.ts';
import type { Db } from '../../storage/db.ts';
import { forgetSessions } from '../../user/session.service.ts';
import { revokeFamily } from '../../user/session.repo.ts';
import { liveDevices, liveFamilyOf, loginLogOf, renameDevice } from './devices.repo.ts';

export function devicesOf(db: Db, userId: number, sessionId: number, now: number): Promise<Device[]> {
  return liveDevices(db, userId, sessionId, now);
}

/**
 * Signs a device out: every session of its login is revoked and this process forgets its cached token checks, so
 * its access and refresh tokens stop working at once (another process behind the same database within the 5 s
 * of its own cache). Another user's device, or one already signed out, is "not found".
 */
export async function deleteDevice(db: Db, userId: number, deviceId: number, now: number): Promise<void> {
  const family = (await liveFamilyOf(db, userId, deviceId, now)) ?? fail('deviceNotFound');
  await revokeFamily(db, family, 'device-deleted', now);
  forgetSessions();
}

export async function nameDevice(
  db: Db,
  userId: number,
  sessionId: number,
  deviceId: number,
  name: string,
  now: number,
): Promise<Device[]> {
  if (!(await liveFamilyOf(db, userId, deviceId, now)) || !(await renameDevice(db, userId, deviceId, name)))
    fail('deviceNotFound');
  return devicesOf(db, userId, sessionId, now);
}

export async function loginLog(db: Db, userId: number, page: number, size: number): Promise<LoginLogPage> {
  return { ...(await loginLogOf(db, userId, page, size)), page, size };
}
