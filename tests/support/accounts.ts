import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/storage/db.ts';
import { seedOperator } from '../../server/seed/operator.ts';
import { api } from './app.ts';

/** Registers an account-tab user and logs in: their id and token. */
export async function signUp(
  app: FastifyInstance,
  username: string,
  password = 'abc123',
): Promise<{ id: number; token: string }> {
  const reg = await api(app, '/api/user/register', {
    payload: { type: 'account', username, password, confirmPassword: password },
  });
  if (reg.code !== 200) throw new Error(`register ${username}: ${reg.msg}`);
  const login = await api(app, '/api/user/login', { payload: { type: 'account', username, password } });
  return { id: reg.data.id, token: login.data.token };
}

/** The first operator, logged in: their token. */
export async function signInOperator(
  app: FastifyInstance,
  db: Db,
  email = 'ops@example.com',
  password = 'opspass1',
): Promise<string> {
  await seedOperator(db, email, password);
  return (await api(app, '/api/user/login', { payload: { type: 'email', email, password } })).data.token;
}
