import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import QRCode from 'qrcode';
import { GENERATIONS, type Generation } from '../../../isomorphic/referral/generations.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { $agentInfo, inviteLink, promotedStore } from '../../lib/referral/actions.ts';
import { percentOf } from '../../lib/referral/rates.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import type { TabProps } from '../account/index.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { Pager } from '../ui/Pager.tsx';
import { generationName } from './parts.tsx';
import { Amounts } from '../ui/Amounts.tsx';
import { copyText } from '../ui/copy-text.ts';
import { DataTable } from '../ui/DataTable.tsx';

/**
 * docs/requirements.md §2 agent management, §3 promotion: the user's invite code, link and QR; how many users they
 * promoted in each of three generations, each masked with what their fees have earned; the rates and the rebates so
 * far.
 */
export function AgentTab({ t }: TabProps) {
  const agent = useStore($agentInfo);
  if (agent.status === 'error') return <p role="alert">{t('common.operationFailed')}</p>;
  if (agent.status !== 'success') return <p className="muted">{t('common.loading')}</p>;
  const info = agent.value;
  return (
    <div className="referral" data-testid="agent-tab">
      <Invite t={t} code={info.inviteCode} />
      <p className="field__hint">
        {t('referral.ratesLine', {
          first: percentOf(info.rates[0] ?? 0),
          second: percentOf(info.rates[1] ?? 0),
          third: percentOf(info.rates[2] ?? 0),
          minutes: info.periodMinutes,
        })}
      </p>
      <div className="referral-stats">
        <div className="referral-stat">
          <span>{t('referral.promotedTotal')}</span>
          <strong data-testid="promoted-total">{info.promoted.total}</strong>
        </div>
        {GENERATIONS.map((g, i) => (
          <div key={g} className="referral-stat">
            <span>{generationName(t, g)}</span>
            <strong data-testid={`promoted-${g}`}>{info.promoted.byGeneration[i] ?? 0}</strong>
          </div>
        ))}
      </div>
      <div className="referral-stats">
        <div className="referral-stat">
          <span>{t('referral.earned')}</span>
          <strong>
            <Amounts list={info.earned} testId="earned" />
          </strong>
        </div>
        <div className="referral-stat">
          <span>{t('referral.today')}</span>
          <strong>
            <Amounts list={info.today} testId="today" />
          </strong>
        </div>
      </div>
      <Promoted t={t} />
    </div>
  );
}

function Invite({ t, code }: { t: TabProps['t']; code: string }) {
  const link = inviteLink(location.origin, code);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    void QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) =>
      setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
    );
  }, [link]);
  const copy = (text: string) => copyText(t, text);
  return (
    <section className="referral-invite">
      <div>
        <h2 className="panel__subtitle">{t('referral.inviteTitle')}</h2>
        <p className="field__hint">{t('referral.inviteText')}</p>
        <dl className="facts">
          <div className="facts__row">
            <dt>{t('referral.code')}</dt>
            <dd>
              <span className="facts__value" data-testid="invite-code">
                {code}
              </span>{' '}
              <button type="button" className="link-button" onClick={() => void copy(code)}>
                {t('common.copy')}
              </button>
            </dd>
          </div>
          <div className="facts__row">
            <dt>{t('referral.link')}</dt>
            <dd>
              <span className="facts__value wallet-break" data-testid="invite-link">
                {link}
              </span>{' '}
              <button type="button" className="link-button" onClick={() => void copy(link)}>
                {t('common.copy')}
              </button>
            </dd>
          </div>
        </dl>
      </div>
      {qr && (
        <img
          className="referral-qr"
          src={qr}
          width={148}
          height={148}
          alt={t('referral.qrAlt')}
          data-testid="invite-qr"
        />
      )}
    </section>
  );
}

function Promoted({ t }: { t: TabProps['t'] }) {
  const dates = useStore($dateOptions);
  const [generation, setGeneration] = useState<Generation>(1);
  const [page, setPage] = useState(1);
  const list = useStore(promotedStore(generation, page));
  const rows = list.status === 'success' ? list.value : null;
  const choose = (g: Generation) => {
    setGeneration(g);
    setPage(1);
  };
  return (
    <section>
      <h2 className="panel__subtitle">{t('referral.promotedTitle')}</h2>
      <Tabs
        label={t('referral.promotedTitle')}
        active={String(generation)}
        onChange={(k) => choose(Number(k) as Generation)}
        tabs={GENERATIONS.map((g) => ({ key: String(g), label: generationName(t, g) }))}
      />
      {!rows ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="wallet-scroll">
          <DataTable
            className="wallet-table"
            testId={`promoted-list-${generation}`}
            rows={rows.records}
            rowKey={(r, i) => `${r.name}-${r.registerTime}-${i}`}
            empty={t('common.noData')}
            columns={[
              { key: 'user', label: t('referral.user'), phone: 'title', cell: (r) => r.name },
              {
                key: 'registered',
                label: t('referral.registered'),
                cell: (r) => formatDateTime(r.registerTime, dates),
              },
              {
                key: 'rebates',
                label: t('referral.rebatesToYou'),
                num: true,
                cell: (r) => <Amounts list={r.rebates} />,
              },
            ]}
          />
          <Pager t={t} page={page} total={rows.total} size={rows.size} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
