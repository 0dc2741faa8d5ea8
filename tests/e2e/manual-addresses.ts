import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { OPERATOR_ADDRESSES } from '../support/operator-addresses.ts';

/**
 * The e2e install's operator enters a deposit address for a coin and network through the console's API, as an
 * operator enables the manual review flow of a network no key of the platform's covers. Setting it again is harmless,
 * so each journey that deposits does it first, whatever ran before on the shared server.
 */
export async function enterOperatorAddress(request: APIRequestContext, coin: string, network: string): Promise<string> {
  const login = await request.post('/api/user/login', {
    data: { type: 'email', email: 'operator@localhost.localdomain', password: 'e2e-operator-1' },
  });
  const token = (await login.json()).data.token as string;
  const address = OPERATOR_ADDRESSES[network]!;
  const res = await request.post('/api/admin/wallet/deposit-addresses', {
    headers: { authorization: token },
    data: { coin, network, address },
  });
  expect((await res.json()).code).toBe(200);
  return address;
}
