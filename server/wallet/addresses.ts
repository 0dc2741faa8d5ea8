import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../storage/db.ts';
import { settingOnce } from '../settings/settings.repo.ts';

/**
 * Deposit addresses without a chain integration: each (user, coin, network) gets a deterministic address derived with
 * HMAC-SHA256 from a per-install secret (app_settings 'wallet.secret'). Nothing watches a chain; the user sends,
 * uploads the payment screenshot, and an operator confirms the deposit against it (docs/requirements.md §4 review
 * flow).
 */
export async function installSecret(q: Queryable, key = 'wallet.secret'): Promise<Buffer> {
  return Buffer.from(await settingOnce(q, key, () => randomBytes(32).toString('base64')), 'base64');
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function alphabet(bytes: Buffer, chars: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += chars[bytes[i % bytes.length]! % chars.length];
  return out;
}

/** depositAddress(secret, 7, 'USDT', 'TRC20') → 'T…' (34 characters), the same every time. */
export function depositAddress(secret: Buffer, userId: number, coin: string, network: string): string {
  const h = createHmac('sha256', secret).update(`${userId}:${coin}:${network}`).digest();
  const h2 = createHmac('sha256', secret).update(`${userId}:${coin}:${network}:2`).digest();
  const bytes = Buffer.concat([h, h2]);
  switch (network) {
    case 'ERC20':
    case 'BEP20':
      return `0x${bytes.subarray(0, 20).toString('hex')}`;
    case 'TRC20':
      return `T${alphabet(bytes, BASE58, 33)}`;
    case 'BTC':
      return `bc1q${alphabet(bytes, BECH32, 38)}`;
    case 'LTC':
      return `ltc1q${alphabet(bytes, BECH32, 38)}`;
    case 'XRP':
      return `r${alphabet(bytes, BASE58, 33)}`;
    case 'DOGE':
      return `D${alphabet(bytes, BASE58, 33)}`;
    case 'ADA':
      return `addr1${alphabet(bytes, BECH32, 53)}`;
    case 'DOT':
      return `1${alphabet(bytes, BASE58, 46)}`;
    default:
      return alphabet(bytes, BASE58, 44);
  }
}
