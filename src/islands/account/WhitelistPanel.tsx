import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import type { SecurityStatus, WhitelistEntry } from '../../../isomorphic/contract/security.ts';
import { $whitelist, addToWhitelist, removeFromWhitelist, switchWhitelist } from '../../lib/account/security.ts';
import { isChainAddress } from '../../../isomorphic/validate/index.ts';
import { useCoinNetwork } from '../wallet/index.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { Field } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { isSixDigits, ProofField, proofOf } from './ProofField.tsx';

/**
 * The withdrawal address whitelist (spec userCoin / getUserCoin): switched on, withdrawals to addresses go only to
 * those listed. Every change is confirmed like any security change, by the one code field at the top.
 */
export function WhitelistPanel({ t, status }: { t: T; status: SecurityStatus }) {
  const list = useStore($whitelist);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { coin, setCoin, network, setNetwork, coins, coinNetworks } = useCoinNetwork();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** Runs a change once the confirmation code is complete; the code is spent whatever the answer. */
  const confirmed = (work: (proof: ReturnType<typeof proofOf>) => Promise<void>, done: string) => {
    if (status.verification !== null && !isSixDigits(code)) {
      setCodeError(t(status.verification === 'google' ? 'validation.googleCode' : 'validation.code'));
      return Promise.resolve();
    }
    setCodeError(undefined);
    return submitting(setBusy, async () => {
      try {
        await work(proofOf(status.verification, code));
        showToast('success', t(done));
      } finally {
        setCode('');
      }
    });
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!address.trim()) next.address = t('validation.whitelistAddress');
    else if (!isChainAddress(network, address.trim())) next.address = t('error.addressInvalid', { network });
    setErrors(next);
    if (Object.keys(next).length) return;
    void confirmed(async (proof) => {
      await addToWhitelist({ coin, network, address: address.trim(), label: label.trim() || undefined, ...proof });
      setAddress('');
      setLabel('');
    }, 'security.whitelist.added');
  };

  if (!list) return <p>{t('common.loading')}</p>;
  const columns: Array<Column<WhitelistEntry>> = [
    { key: 'coin', label: t('field.coin'), cell: (e) => e.coin, phone: 'title' },
    { key: 'network', label: t('field.network'), cell: (e) => e.network },
    {
      key: 'address',
      label: t('security.whitelist.address'),
      className: 'security-table__address',
      cell: (e) => e.address,
    },
    { key: 'label', label: t('field.label'), cell: (e) => e.label ?? '' },
    {
      key: 'remove',
      label: '',
      head: <span className="visually-hidden">{t('security.whitelist.remove')}</span>,
      cell: (e) => (
        <button
          type="button"
          className="link-button"
          disabled={busy || status.verification === null}
          onClick={() => void confirmed((proof) => removeFromWhitelist(e.id, proof), 'security.whitelist.removed')}
        >
          {t('security.whitelist.remove')}
        </button>
      ),
    },
  ];
  return (
    <div className="whitelist" data-testid="whitelist">
      <p>{t('security.whitelist.text')}</p>
      <div className="whitelist__switch">
        <span className={`status ${list.enabled ? 'status--done' : 'status--todo'}`} data-testid="whitelist-state">
          {t(list.enabled ? 'security.whitelist.on' : 'security.whitelist.off')}
        </span>
        {list.enabled && !list.addresses.length && (
          <span className="field__hint">{t('security.whitelist.emptyOn')}</span>
        )}
      </div>
      <ProofField
        t={t}
        status={status}
        value={code}
        onChange={(v) => {
          setCode(v);
          setCodeError(undefined);
        }}
        error={codeError}
      />
      <button
        type="button"
        className="btn btn--outline"
        disabled={busy || status.verification === null}
        onClick={() =>
          void confirmed(
            (proof) => switchWhitelist({ enabled: !list.enabled, ...proof }),
            list.enabled ? 'security.whitelist.switchedOff' : 'security.whitelist.switchedOn',
          )
        }
      >
        {t(list.enabled ? 'security.whitelist.turnOff' : 'security.whitelist.turnOn')}
      </button>

      {list.addresses.length > 0 && (
        <DataTable
          className="security-table"
          testId="whitelist-addresses"
          columns={columns}
          rows={list.addresses}
          rowKey={(e) => e.id}
        />
      )}

      <form className="whitelist__add" onSubmit={add} noValidate>
        <h3>{t('security.whitelist.add')}</h3>
        <div className="whitelist__row">
          <label className="field">
            <span>{t('field.coin')}</span>
            <span className="field__box">
              <select name="coin" value={coin} onChange={(e) => setCoin(e.target.value)}>
                {coins.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </span>
          </label>
          <label className="field">
            <span>{t('field.network')}</span>
            <span className="field__box">
              <select name="network" value={network} onChange={(e) => setNetwork(e.target.value)}>
                {coinNetworks.map((n) => (
                  <option key={n.network} value={n.network}>
                    {n.network}
                  </option>
                ))}
              </select>
            </span>
          </label>
        </div>
        <Field
          label={t('security.whitelist.address')}
          name="address"
          value={address}
          onChange={setAddress}
          error={errors.address}
          autoComplete="off"
          maxLength={200}
        />
        <Field
          label={t('field.label')}
          name="label"
          value={label}
          onChange={setLabel}
          hint={t('security.whitelist.labelHint')}
          maxLength={40}
          autoComplete="off"
        />
        <button type="submit" className="btn btn--primary" disabled={busy || status.verification === null}>
          {t('security.whitelist.add')}
        </button>
      </form>
    </div>
  );
}
