import type { FastifyInstance } from 'fastify';
import { multipart, PNG } from './wallet-fixtures.ts';
import { api } from './app.ts';

/**
 * Takes a user through primary and advanced identity verification over the API, an operator approving both: the
 * user ends at level 2. `idNumber` must be new to the database (an ID is verified on one account only).
 */
export async function verifyAdvanced(
  app: FastifyInstance,
  opsToken: string,
  userToken: string,
  realName: string,
  idNumber: string,
): Promise<void> {
  const call = (token: string, url: string, payload?: object) =>
    api(app, url, { token, ...(payload ? { payload } : {}) });
  const approve = async (id: number) => {
    const r = await call(opsToken, '/api/admin/kyc/review', { id, approve: true });
    if (r.code !== 200) throw new Error(`kyc review refused: ${r.code} ${r.msg}`);
  };
  const primary = await call(userToken, '/api/app/coin/member/verified', {
    realName,
    country: 'DE',
    idType: 'passport',
    idNumber,
  });
  if (primary.code !== 200) throw new Error(`primary kyc refused: ${primary.code} ${primary.msg}`);
  await approve(primary.data.id);
  const photo = async () =>
    (await api(app, '/api/common/upload/OSS', { token: userToken, ...multipart(PNG) })).data.id as string;
  const advanced = await call(userToken, '/api/user/uploadKYC', {
    front: await photo(),
    back: await photo(),
    selfie: await photo(),
  });
  if (advanced.code !== 200) throw new Error(`advanced kyc refused: ${advanced.code} ${advanced.msg}`);
  await approve(advanced.data.id);
}
