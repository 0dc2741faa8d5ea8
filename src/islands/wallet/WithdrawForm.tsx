import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $userInfo } from '../../lib/stores/session.ts';
import { WithdrawSecurity } from '../account/index.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { submitWithdrawal } from '../../lib/wallet/actions.ts';
import { balancesStore } from '../../lib/wallet/balances.ts';
import { valueOf } from '../../lib/stores/remote.ts';
import { useCoinNetwork } from './use-coin-network.ts';
import { Field } from '../ui/Field.tsx';
import { Fact } from '../ui/Fact.tsx';
import { Select } from '../ui/Select.tsx';
import { submitting } from '../ui/use-form.ts';

/**
 * Withdraw (docs/requirements.md §3): coin, method (address or bank card), address, amount and fund password, and the
 * authenticator's code once it is bound; the fee per coin is shown before submitting, and the body travels sealed
 * with the server's public key.
 */
export function WithdrawForm({ t, initialCoin }: { t: T; initialCoin?: string }) {
  const fmt = useStore($assetFormat);
  const { coin, setCoin, network, setNetwork, coins, coinNetworks } = useCoinNetwork(initialCoin);
  const [method, setMethod] = useState<'address' | 'bank'>('address');
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [googleCode, setGoogleCode] = useState('');
  const googleBound = Boolean(useStore($userInfo)?.googleBound);
  // What the spot account (1) holds: loaded again after the withdrawal.
  const balances = valueOf(useStore(balancesStore(1)), []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const net = coinNetworks.find((n) => n.network === network) ?? coinNetworks[0];
  const available = balances.find((b) => b.coin === coin)?.available ?? '0';
  const fee = net?.withdrawFee ?? '0';
  const units = (s: string) => {
    const p = parseUnits(s, 8);
    return p.ok ? p.value : 0n;
  };
  const total = formatUnits(units(amount) + units(fee), 8);
  const maxAmount = units(available) > units(fee) ? formatUnits(units(available) - units(fee), 8) : '0';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!address.trim()) next.address = t(method === 'bank' ? 'assets.cardRequired' : 'assets.addressRequired');
    if (!units(amount)) next.amount = t('assets.amountRequired');
    else if (net && units(amount) < units(net.withdrawMin))
      next.amount = t('error.amountTooSmall', { min: fmt(net.withdrawMin, coin) });
    else if (units(amount) + units(fee) > units(available)) next.amount = t('error.insufficientBalance');
    if (!fundPassword) next.fundPassword = t('assets.fundPasswordRequired');
    if (googleBound && !/^\d{6}$/.test(googleCode.trim())) next.googleCode = t('validation.googleCode');
    setErrors(next);
    if (Object.keys(next).length) return;
    await submitting(setBusy, async () => {
      try {
        await submitWithdrawal({
          coin,
          method,
          network: method === 'address' ? network : undefined,
          address: address.trim(),
          amount,
          fundPassword,
          googleCode: googleBound ? googleCode.trim() : undefined,
        });
      } finally {
        // A code presented is used, whatever the answer: the next try needs the next one.
        setGoogleCode('');
      }
      showToast('success', t('assets.submittedForReview'));
      setAmount('');
      setFundPassword('');
    });
  };

  return (
    <form className="stack-form wallet-form" onSubmit={submit} noValidate>
      <Select
        label={t('assets.coin')}
        name="coin"
        value={coin}
        onChange={setCoin}
        options={coins.map((c) => ({ value: c, label: c }))}
      />
      <Select
        label={t('assets.method')}
        name="method"
        value={method}
        onChange={(v) => setMethod(v as 'address' | 'bank')}
        options={[
          { value: 'address', label: t('assets.method.address') },
          { value: 'bank', label: t('assets.method.bank') },
        ]}
      />
      {method === 'address' && (
        <Select
          label={t('assets.network')}
          name="network"
          value={network}
          onChange={setNetwork}
          options={coinNetworks.map((n) => ({ value: n.network, label: n.network }))}
        />
      )}
      <WithdrawSecurity t={t} network={method === 'address' ? network : null} />
      <Field
        label={t(method === 'bank' ? 'assets.cardNumber' : 'assets.address')}
        name="address"
        value={address}
        onChange={setAddress}
        error={errors.address}
        autoComplete="off"
        list={method === 'address' ? 'whitelisted-addresses' : undefined}
      />
      <Field
        label={t('assets.amount')}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(v) => setAmount(filterNumericInput(v, 8))}
        error={errors.amount}
        hint={t('assets.minimum', { min: fmt(net?.withdrawMin ?? '0', coin), coin })}
        addon={
          <button
            type="button"
            className="field__addon field__addon--text"
            onClick={() => setAmount(maxAmount.replace(/\.?0+$/, ''))}
          >
            {t('assets.all')}
          </button>
        }
      />
      <dl className="facts wallet-facts">
        <Fact label={t('assets.available')} testId="withdraw-available">
          {fmt(available, coin)} {coin}
        </Fact>
        <Fact label={t('assets.fee')} testId="withdraw-fee">
          {fmt(fee, coin)} {coin}
        </Fact>
        <Fact label={t('assets.totalDeducted')} testId="withdraw-total">
          {fmt(total, coin)} {coin}
        </Fact>
      </dl>
      <Field
        label={t('user.tab.tardPwd')}
        name="fundPassword"
        type="password"
        value={fundPassword}
        onChange={setFundPassword}
        error={errors.fundPassword}
        autoComplete="off"
      />
      {googleBound && (
        <Field
          label={t('field.googleCode')}
          name="googleCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={googleCode}
          onChange={setGoogleCode}
          error={errors.googleCode}
        />
      )}
      <p className="field__hint">
        {t('assets.withdrawNotice')} <a href={href('/user/index?key=tardPwd')}>{t('assets.setFundPassword')}</a>
      </p>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('assets.submitWithdraw')}
      </button>
    </form>
  );
}
