import type { z } from 'zod';
import type { AdvancedKycBody, IdentityState, KycRecord, primaryKycBody } from '../../isomorphic/contract/identity.ts';
import { compactId, isIdNumber, type IdType } from '../../isomorphic/validate/id-number.ts';
import { audit } from '../audit/audit.ts';
import type { Clock } from '../clock/clock.ts';
import { fail } from '../outcome.ts';
import type { Db, Queryable, Row } from '../storage/db.ts';
import type { UserRow } from '../user/user.repo.ts';
import { findBankCard } from './bank.repo.ts';
import * as repo from './kyc.repo.ts';
import { maskIdNumber } from './mask.ts';
import { limitState } from './withdraw-limit.ts';

/** Who reads a submission: its owner sees the ID number masked, operators see it whole with the photos. */
type Viewer = 'owner' | 'operator';

function toKyc(r: Row, viewer: Viewer): KycRecord {
  const photo = (v: unknown) => (viewer === 'operator' && typeof v === 'string' ? v : null);
  return {
    id: Number(r.id),
    level: Number(r.level) as 1 | 2,
    status: r.status as KycRecord['status'],
    realName: String(r.real_name),
    country: String(r.country),
    idType: r.id_type as IdType,
    idNumber: viewer === 'operator' ? String(r.id_number) : maskIdNumber(String(r.id_number)),
    front: photo(r.front_upload),
    back: photo(r.back_upload),
    selfie: photo(r.selfie_upload),
    reason: (r.reason as string | null) ?? null,
    createTime: Number(r.created_at),
    reviewTime: r.reviewed_at === null || r.reviewed_at === undefined ? null : Number(r.reviewed_at),
    ...(viewer === 'operator' && r.username ? { username: String(r.username) } : {}),
  };
}

/** getMemberOtherData/kyc: level, the latest submission of each level, whether a bank card is bound, the limit. */
export async function identityState(db: Db, clock: Clock, userId: number): Promise<IdentityState> {
  const [{ level }, primary, advanced, card, withdrawLimit] = await Promise.all([
    repo.kycStanding(db, userId),
    repo.latestKyc(db, userId, 1),
    repo.latestKyc(db, userId, 2),
    findBankCard(db, userId),
    limitState(db, userId, clock.now()),
  ]);
  return {
    level,
    primary: primary ? toKyc(primary, 'owner') : null,
    advanced: advanced ? toKyc(advanced, 'owner') : null,
    bankBound: card !== undefined,
    withdrawLimit,
  };
}

/** Refuses a submission of `level` unless it is the user's next step and nothing of theirs awaits review. */
async function requireNextStep(q: Queryable, userId: number, level: 1 | 2): Promise<void> {
  const standing = await repo.kycStanding(q, userId);
  if (standing.level >= level) fail('kycLevelReached');
  if (standing.level < level - 1) fail('kycPrimaryFirst');
  if (standing.pending) fail('kycPending');
}

/** A stored submission, or the refusal a racing double submit gets (one under review per user: the index). */
async function insertOnce(q: Queryable, k: repo.KycInsert): Promise<KycRecord> {
  const row = await repo.insertKyc(q, k);
  if (!row) fail('kycPending');
  return toKyc(row, 'owner');
}

/** POST verified: name, country, document type and number, checked against the document's rules, for review. */
export async function submitPrimary(
  db: Db,
  clock: Clock,
  user: UserRow,
  body: z.output<typeof primaryKycBody>,
): Promise<KycRecord> {
  await requireNextStep(db, user.id, 1);
  const idNumber = compactId(body.idNumber);
  if (!isIdNumber(body.idType, body.country, idNumber)) fail('idNumberInvalid');
  if (await repo.identityTakenByOther(db, user.id, body.country, body.idType, idNumber)) fail('idNumberTaken');
  return insertOnce(db, {
    userId: user.id,
    level: 1,
    realName: body.realName,
    country: body.country,
    idType: body.idType,
    idNumber,
    photos: null,
    at: clock.now(),
  });
}

/** POST uploadKYC: three distinct photos the user uploaded, of the document their primary verification named. */
export async function submitAdvanced(db: Db, clock: Clock, user: UserRow, body: AdvancedKycBody): Promise<KycRecord> {
  await requireNextStep(db, user.id, 2);
  const photos = [body.front, body.back, body.selfie];
  if (new Set(photos).size !== photos.length) fail('kycPhotoInvalid');
  for (const id of photos) if (!(await repo.ownsUpload(db, user.id, id))) fail('kycPhotoInvalid');
  const identity = (await repo.latestPassedPrimary(db, user.id))!;
  return insertOnce(db, {
    userId: user.id,
    level: 2,
    realName: String(identity.real_name),
    country: String(identity.country),
    idType: String(identity.id_type),
    idNumber: String(identity.id_number),
    photos: { front: body.front, back: body.back, selfie: body.selfie },
    at: clock.now(),
  });
}

export async function kycQueue(db: Db, status: string, page: number, size: number) {
  const { total, rows } = await repo.kycQueueRows(db, status, { page, size });
  return { total, page, size, records: rows.map((r) => toKyc(r, 'operator')) };
}

/**
 * An operator's decision, once: the status change and its audit line commit together. Approving a primary
 * verification whose identity another account has verified meanwhile is refused (and the index would refuse it
 * if two such approvals raced).
 */
export async function reviewKyc(
  db: Db,
  clock: Clock,
  operatorId: number,
  id: number,
  approve: boolean,
  reason?: string,
): Promise<KycRecord> {
  const why = reason?.trim() || null;
  if (!approve && !why) fail('reasonRequired');
  try {
    return await db.tx(async (q) => {
      const row = await repo.decideKyc(q, {
        id,
        status: approve ? 'passed' : 'failed',
        reason: why,
        operatorId,
        at: clock.now(),
      });
      if (!row) fail((await repo.findKyc(q, id)) ? 'alreadyReviewed' : 'recordNotFound');
      const level = Number(row.level);
      if (
        approve &&
        level === 1 &&
        (await repo.identityTakenByOther(
          q,
          Number(row.user_id),
          String(row.country),
          String(row.id_type),
          String(row.id_number),
        ))
      )
        fail('idNumberTaken');
      await audit(
        q,
        operatorId,
        `kyc.${level === 1 ? 'primary' : 'advanced'}.${approve ? 'approve' : 'reject'}`,
        'kyc',
        id,
        { reason: why },
      );
      return toKyc(row, 'operator');
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) fail('idNumberTaken');
    throw err;
  }
}
