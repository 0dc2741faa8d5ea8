import { useEffect, useState, type FormEvent } from 'react';
import type { PriceAlert } from '../../../isomorphic/contract/alerts.ts';
import { ALERT_KINDS, MAX_ACTIVE_ALERTS, type AlertKind } from '../../../isomorphic/contract/alerts.values.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { $alerts, createAlert, deleteAlert } from '../../lib/alerts/actions.ts';
import { describeAlert, valueShown } from '../../lib/alerts/notices.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { Field } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { submitting } from '../ui/use-form.ts';
import { DataTable } from '../ui/DataTable.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

const watchesPrice = (kind: AlertKind) => kind === 'priceRises' || kind === 'priceFalls';

/**
 * `/account/alerts`: set a price alert on a spot market (the form starts on `?symbol=` or the first market, with its
 * last price filled in), and the user's active and fired alerts, each deletable.
 */
export default function AlertsScreen({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  if (!isLogin)
    return (
      <p className="alerts__signin">
        <a href={href('/user/login', locale)}>{t('alerts.signIn')}</a>
      </p>
    );
  return <Signed t={t} />;
}

function Signed({ t }: { t: T }) {
  const alerts = useStore($alerts);
  const active = alerts?.filter((a) => a.state === 'active') ?? [];
  const fired = alerts?.filter((a) => a.state === 'fired') ?? [];
  return (
    <div className="alerts">
      <AlertForm t={t} />
      <h2 className="panel__subtitle">{t('alerts.active', { count: active.length, max: MAX_ACTIVE_ALERTS })}</h2>
      {alerts ? (
        <AlertTable t={t} rows={active} empty={t('alerts.none')} testId="alerts-active" />
      ) : (
        <p className="muted">{t('common.loading')}</p>
      )}
      <h2 className="panel__subtitle">{t('alerts.fired')}</h2>
      {alerts && <AlertTable t={t} rows={fired} empty={t('alerts.noneFired')} testId="alerts-fired" />}
    </div>
  );
}

function AlertForm({ t }: { t: T }) {
  const markets = useStore($markets).currencyList;
  const [symbol, setSymbol] = useState('');
  const [kind, setKind] = useState<AlertKind>('priceRises');
  const [target, setTarget] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // The address names the market (the trade screen's bell links here with ?symbol=); read after hydration.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('symbol');
    if (wanted) setSymbol(wanted.toLowerCase());
  }, []);
  const market: MarketEntry | undefined = markets.find((m) => m.symbol === symbol) ?? markets[0];
  const fill = (m: MarketEntry | undefined, k: AlertKind) => setTarget(m && watchesPrice(k) ? m.close : '');
  // The target starts at the market's last price, as Binance's form does, once the market list has it.
  const ready = Boolean(market);
  useEffect(() => {
    if (ready) fill(market, kind);
  }, [ready, market?.symbol]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!market) return;
    await submitting(setBusy, async () => {
      await createAlert({ symbol: market.symbol, kind, target: target.trim(), ...(note.trim() ? { note } : {}) });
      showToast('success', t('alerts.created'));
      setNote('');
    });
  };
  return (
    <form className="alerts__form" onSubmit={submit} noValidate data-testid="alert-form">
      <h2 className="panel__subtitle">{t('alerts.new')}</h2>
      <div className="alerts__fields">
        <Select
          label={t('alerts.market')}
          name="symbol"
          value={market?.symbol ?? ''}
          onChange={(v) => {
            setSymbol(v);
            fill(
              markets.find((m) => m.symbol === v),
              kind,
            );
          }}
          options={markets.map((m) => ({ value: m.symbol, label: m.symbol_name }))}
        />
        <Select
          label={t('alerts.kind')}
          name="kind"
          value={kind}
          onChange={(v) => {
            const k = v as AlertKind;
            if (watchesPrice(k) !== watchesPrice(kind)) fill(market, k);
            setKind(k);
          }}
          options={ALERT_KINDS.map((k) => ({ value: k, label: t(`alerts.kind.${k}`) }))}
        />
        <Field
          label={
            watchesPrice(kind)
              ? t('alerts.target.price', { quote: market?.symbol_name.split('/')[1] ?? '' })
              : t('alerts.target.percent')
          }
          name="target"
          inputMode="decimal"
          autoComplete="off"
          value={target}
          onChange={setTarget}
          maxLength={40}
        />
        <Field
          label={t('alerts.note')}
          name="note"
          value={note}
          onChange={setNote}
          maxLength={100}
          autoComplete="off"
        />
      </div>
      {market && (
        <p className="field__hint" data-testid="alert-now">
          {t('alerts.now', { price: market.close, change: market.zdf })}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy || !market}>
        {t('alerts.create')}
      </button>
    </form>
  );
}

function AlertTable({ t, rows, empty, testId }: { t: T; rows: PriceAlert[]; empty: string; testId: string }) {
  const dates = useStore($dateOptions);
  if (!rows.length) return <p className="muted">{empty}</p>;
  const remove = async (id: number) => {
    try {
      await deleteAlert(id);
      showToast('success', t('alerts.deleted'));
    } catch {
      // The API client has shown the message.
    }
  };
  // A list is of one state: fired alerts add when and at what value.
  const fired = rows[0]!.state === 'fired';
  return (
    <div className="alerts__scroll">
      <DataTable
        className="alerts__table"
        testId={testId}
        rows={rows}
        rowKey={(a) => a.id}
        rowProps={() => ({ 'data-testid': 'alert-row' })}
        columns={[
          {
            key: 'condition',
            label: t('alerts.col.condition'),
            phone: 'title',
            cell: (a) => {
              const [key, values] = describeAlert(a);
              return t(key, values);
            },
          },
          { key: 'note', label: t('alerts.col.note'), cell: (a) => a.note },
          { key: 'set', label: t('alerts.col.set'), cell: (a) => formatDateTime(a.createdAt, dates) },
          fired && {
            key: 'fired',
            label: t('alerts.col.fired'),
            cell: (a) => (a.firedAt === null ? '--' : formatDateTime(a.firedAt, dates)),
          },
          fired && {
            key: 'value',
            label: t('alerts.col.value'),
            cell: (a) => (a.firedValue === null ? '--' : valueShown(a, a.firedValue)),
          },
          {
            key: 'action',
            label: '',
            head: t('alerts.col.action'),
            cell: (a) => (
              <button type="button" className="btn btn--small" onClick={() => void remove(a.id)}>
                {t('alerts.delete')}
              </button>
            ),
          },
        ]}
      />
    </div>
  );
}
