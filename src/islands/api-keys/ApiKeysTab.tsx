import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $apiKeys, createApiKey, deleteApiKey } from '../../lib/api-keys/actions.ts';
import type { ApiKeyCreated, ApiKeyView } from '../../../isomorphic/contract/api-keys.ts';
import {
  API_KEY_HEADER,
  API_KEY_TYPES,
  BOT_API_PATHS,
  type ApiKeyType,
} from '../../../isomorphic/contract/identity.values.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import type { TabProps } from '../account/index.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Field, TextAreaField } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { copyText } from '../ui/copy-text.ts';
import { type Column, DataTable } from '../ui/DataTable.tsx';

/** The key types' technical names, as Binance and CCXT write them (the same in every language). */
const TYPE_NAMES: Record<ApiKeyType, string> = { HMAC: 'HMAC', ED25519: 'Ed25519' };

/**
 * `/account/center?tab=api`: API keys for programs — a system-generated HMAC key with its secret shown once, or a
 * self-generated Ed25519 key whose public key the user pastes — and how programs use them on the Binance-compatible
 * API (docs/api/binance.md).
 */
export function ApiKeysTab({ t, user }: TabProps) {
  const keys = useStore($apiKeys);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <div className="identity api-keys">
      <p className="field__hint">{t('apikeys.intro')}</p>
      {created ? (
        <SecretOnce t={t} created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateForm t={t} googleBound={Boolean(user.googleBound)} onCreated={setCreated} />
      )}
      <h2 className="panel__subtitle">{t('apikeys.yours')}</h2>
      {keys ? <KeyTable t={t} keys={keys} /> : <p className="muted">{t('common.loading')}</p>}
      <h2 className="panel__subtitle">{t('apikeys.howTo')}</h2>
      <ol className="api-keys__steps">
        <li>{t('apikeys.step.base', BOT_API_PATHS)}</li>
        <li>{t('apikeys.step.header', { header: API_KEY_HEADER })}</li>
        <li>{t('apikeys.step.params')}</li>
        <li>{t('apikeys.step.sign')}</li>
        <li>{t('apikeys.step.signEd25519')}</li>
        <li>{t('apikeys.step.time')}</li>
      </ol>
      <p className="field__hint">{t('apikeys.docs')}</p>
    </div>
  );
}

/** With the authenticator bound, a new key also takes its code, as Binance asks. */
function CreateForm({
  t,
  googleBound,
  onCreated,
}: {
  t: T;
  googleBound: boolean;
  onCreated: (k: ApiKeyCreated) => void;
}) {
  const [label, setLabel] = useState('');
  const [type, setType] = useState<ApiKeyType>('HMAC');
  const [publicKey, setPublicKey] = useState('');
  const [keyError, setKeyError] = useState<string | undefined>();
  const [trade, setTrade] = useState(false);
  const [ips, setIps] = useState('');
  const [googleCode, setGoogleCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = label.trim();
    if (!name) return setError(t('validation.required', { field: t('field.label') }));
    if (name.length > 50 || !/^[\p{L}\p{N} ._-]+$/u.test(name)) return setError(t('validation.apiLabel'));
    // The server reads the key itself (server/api-keys/ed25519.ts); here only what needs no parsing: a missing key,
    // or a private key pasted by mistake, which is refused before it is ever sent.
    if (type === 'ED25519' && !publicKey.trim())
      return setKeyError(t('validation.required', { field: t('apikeys.publicKey') }));
    if (type === 'ED25519' && publicKey.includes('PRIVATE KEY')) return setKeyError(t('error.apiPrivateKeyPasted'));
    if (googleBound && !/^\d{6}$/.test(googleCode.trim())) return setCodeError(t('validation.googleCode'));
    await submitting(setBusy, async () => {
      const ipList = ips.split(/[\s,]+/).filter(Boolean);
      onCreated(
        await createApiKey({
          label: name,
          type,
          ...(type === 'ED25519' ? { publicKey: publicKey.trim() } : {}),
          permissions: trade ? ['read', 'trade'] : ['read'],
          ipList,
          ...(googleBound ? { googleCode: googleCode.trim() } : {}),
        }),
      );
      setGoogleCode('');
      setLabel('');
      setPublicKey('');
      setTrade(false);
      setIps('');
    });
  };
  return (
    <form className="stack-form" onSubmit={submit} noValidate data-testid="api-key-form">
      <Field
        label={t('field.label')}
        name="label"
        value={label}
        onChange={(v) => {
          setLabel(v);
          setError(undefined);
        }}
        error={error}
        maxLength={50}
        autoComplete="off"
      />
      <fieldset className="api-keys__types" data-testid="api-key-type">
        <legend>{t('apikeys.type')}</legend>
        {API_KEY_TYPES.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="type"
              value={option}
              checked={type === option}
              onChange={() => {
                setType(option);
                setKeyError(undefined);
              }}
            />{' '}
            {t(`apikeys.type.${option}`)}
          </label>
        ))}
        <p className="field__hint">{t(`apikeys.typeHint.${type}`)}</p>
      </fieldset>
      {type === 'ED25519' && (
        <TextAreaField
          label={t('apikeys.publicKey')}
          name="publicKey"
          rows={4}
          value={publicKey}
          maxLength={1000}
          spellCheck={false}
          onChange={(v) => {
            setPublicKey(v);
            setKeyError(undefined);
          }}
          error={keyError}
          hint={t('apikeys.publicKeyHint')}
          placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
        />
      )}
      <fieldset className="api-keys__permissions">
        <legend>{t('field.permissions')}</legend>
        <label>
          <input type="checkbox" checked disabled /> {t('apikeys.permission.read')}
        </label>
        <label>
          <input type="checkbox" name="trade" checked={trade} onChange={(e) => setTrade(e.target.checked)} />{' '}
          {t('apikeys.permission.trade')}
        </label>
        <label className="muted">
          <input type="checkbox" name="withdraw" disabled /> {t('apikeys.permission.withdraw')}
        </label>
        <p className="field__hint">{t('error.apiWithdrawNeedsWhitelist')}</p>
      </fieldset>
      <TextAreaField
        label={t('field.ipList')}
        name="ipList"
        rows={3}
        value={ips}
        onChange={setIps}
        hint={t('apikeys.ipHint')}
        placeholder="203.0.113.7, 10.0.0.0/8"
      />
      {googleBound && (
        <Field
          label={t('field.googleCode')}
          name="googleCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={googleCode}
          onChange={(v) => {
            setGoogleCode(v);
            setCodeError(undefined);
          }}
          error={codeError}
        />
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('apikeys.create')}
      </button>
    </form>
  );
}

/**
 * The one time an HMAC key's secret is shown: the user copies it before leaving. An Ed25519 key has no secret here
 * (its owner holds the private key), so only the API key is shown, with a note saying so.
 */
function SecretOnce({ t, created, onDone }: { t: T; created: ApiKeyCreated; onDone: () => void }) {
  const shown: Array<readonly ['apikeys.apiKey' | 'apikeys.secret', string, string]> = [
    ['apikeys.apiKey', created.apiKey, 'api-key-value'],
  ];
  if (created.secret !== undefined) shown.push(['apikeys.secret', created.secret, 'api-secret-value']);
  return (
    <section className="api-keys__secret" role="alert" data-testid="api-key-secret">
      <h3>{t('apikeys.created', { label: created.label })}</h3>
      <p className="form-note">{t(created.secret === undefined ? 'apikeys.ed25519Created' : 'apikeys.secretOnce')}</p>
      {shown.map(([label, value, testId]) => (
        <div key={label} className="field">
          <span className="field__label">{t(label)}</span>
          <div className="wallet-address">
            <code data-testid={testId}>{value}</code>
            <button type="button" className="btn" onClick={() => void copyText(t, value)}>
              {t('common.copy')}
            </button>
          </div>
        </div>
      ))}
      <button type="button" className="btn btn--primary" onClick={onDone}>
        {t(created.secret === undefined ? 'apikeys.done' : 'apikeys.saved')}
      </button>
    </section>
  );
}

function KeyTable({ t, keys }: { t: T; keys: ApiKeyView[] }) {
  const dates = useStore($dateOptions);
  const [removing, setRemoving] = useState<ApiKeyView | null>(null);
  const remove = async () => {
    const key = removing!;
    setRemoving(null);
    try {
      await deleteApiKey(key.id);
      showToast('success', t('apikeys.deleted'));
    } catch {
      // The API client has shown the message.
    }
  };
  const columns: Array<Column<ApiKeyView>> = [
    {
      key: 'label',
      label: t('field.label'),
      phone: 'title',
      // The type under the label, not a column of its own: the table already fills the tab in German.
      cell: (k) => (
        <>
          {k.label}
          <span className="api-keys__type" title={t(`apikeys.type.${k.type}`)}>
            {TYPE_NAMES[k.type]}
          </span>
        </>
      ),
    },
    {
      key: 'key',
      label: t('apikeys.apiKey'),
      className: 'api-keys__key',
      cell: (k) => (
        <>
          <code title={k.apiKey}>{`${k.apiKey.slice(0, 8)}…${k.apiKey.slice(-6)}`}</code>
          <button type="button" className="link-button" onClick={() => void copyText(t, k.apiKey)}>
            {t('apikeys.copyKey')}
          </button>
        </>
      ),
    },
    {
      key: 'permissions',
      label: t('field.permissions'),
      cell: (k) => k.permissions.map((p) => t(`apikeys.short.${p}`)).join(', '),
    },
    {
      key: 'ips',
      label: t('field.ipList'),
      className: 'wallet-break',
      cell: (k) => (k.ipList.length ? k.ipList.join(', ') : t('apikeys.anyIp')),
    },
    { key: 'created', label: t('apikeys.createdAt'), cell: (k) => formatDateTime(k.createTime, dates) },
    {
      key: 'used',
      label: t('apikeys.lastUsed'),
      cell: (k) => (k.lastUsedTime ? formatDateTime(k.lastUsedTime, dates) : t('apikeys.never')),
    },
    {
      key: 'actions',
      label: '',
      cell: (k) => (
        <button type="button" className="btn btn--outline" onClick={() => setRemoving(k)}>
          {t('apikeys.delete')}
        </button>
      ),
    },
  ];
  return (
    <div className="wallet-scroll">
      <DataTable
        className="wallet-table api-keys__table"
        testId="api-keys"
        columns={columns}
        rows={keys}
        rowKey={(k) => k.id}
        rowProps={(k) => ({ 'data-label': k.label })}
        empty={t('apikeys.none')}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('apikeys.deleteTitle')}
        body={removing ? t('apikeys.deleteBody', { label: removing.label }) : ''}
        confirmLabel={t('apikeys.delete')}
        cancelLabel={t('identity.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
