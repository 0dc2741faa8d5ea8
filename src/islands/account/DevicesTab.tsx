import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import type { Device } from '../../../isomorphic/contract/security.ts';
import { $devices, loginLogStore, renameDevice, signOutDevice } from '../../lib/account/devices.ts';
import { describeAgent } from '../../lib/account/user-agent.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { goTo } from '../../lib/navigation.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { submitting } from '../ui/use-form.ts';
import { Pager } from '../ui/Pager.tsx';
import type { TabProps } from './tabs.ts';

const LOG_PAGE = 10;

/** What a device is called: the name its owner gave it, else its browser and system as the user agent tells. */
function deviceLabel(t: T, d: Pick<Device, 'name' | 'userAgent'>): string {
  if (d.name) return d.name;
  const { browser, os } = describeAgent(d.userAgent);
  if (browser && os) return t('devices.browserOn', { browser, os });
  return browser ?? os ?? t('devices.unknown');
}

/** docs/requirements.md §2 `?tab=device-management` (account activity): signed-in devices and the login log. */
export function DevicesTab({ t }: TabProps) {
  return (
    <div className="devices">
      <p>{t('devices.text')}</p>
      <DeviceList t={t} />
      <h2 className="panel__subtitle">{t('devices.log.title')}</h2>
      <LoginLog t={t} />
    </div>
  );
}

function DeviceList({ t }: { t: T }) {
  const devices = useStore($devices);
  const dateOptions = useStore($dateOptions);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [ending, setEnding] = useState<Device | null>(null);
  const [busy, setBusy] = useState(false);
  if (!devices) return <p>{t('common.loading')}</p>;

  const save = () =>
    editing &&
    void submitting(setBusy, async () => {
      await renameDevice(editing.id, editing.name.trim());
      setEditing(null);
    });
  const signOut = (device: Device) =>
    void submitting(setBusy, async () => {
      setEnding(null);
      await signOutDevice(device);
      showToast('success', t('devices.signedOut'));
      if (device.current) goTo('/user/login');
    });

  const columns: Array<Column<Device>> = [
    {
      key: 'device',
      label: t('devices.device'),
      phone: 'title',
      cell: (d) =>
        editing?.id === d.id ? (
          <form
            className="devices__rename"
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <input
              aria-label={t('devices.name')}
              value={editing.name}
              maxLength={40}
              autoFocus
              onChange={(e) => setEditing({ id: d.id, name: e.target.value })}
            />
            <button type="submit" className="link-button" disabled={busy || !editing.name.trim()}>
              {t('devices.save')}
            </button>
            <button type="button" className="link-button" onClick={() => setEditing(null)}>
              {t('devices.cancel')}
            </button>
          </form>
        ) : (
          <>
            <span className="devices__name">{deviceLabel(t, d)}</span>
            {d.current && <span className="status status--done devices__current">{t('devices.current')}</span>}
            {d.userAgent && (
              <span className="devices__agent" title={d.userAgent}>
                {d.userAgent}
              </span>
            )}
          </>
        ),
    },
    { key: 'ip', label: t('devices.ip'), cell: (d) => d.ip ?? '—' },
    { key: 'first', label: t('devices.firstSeen'), cell: (d) => formatDateTime(d.firstSeen, dateOptions) },
    { key: 'last', label: t('devices.lastSeen'), cell: (d) => formatDateTime(d.lastSeen, dateOptions) },
    {
      key: 'actions',
      // No label on a card (buttons need none); the heading still names the column for a screen reader.
      label: '',
      head: <span className="visually-hidden">{t('devices.actions')}</span>,
      className: 'devices__actions',
      cell: (d) => (
        <>
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => setEditing({ id: d.id, name: d.name ?? deviceLabel(t, d) })}
          >
            {t('devices.rename')}
          </button>
          <button type="button" className="link-button devices__end" disabled={busy} onClick={() => setEnding(d)}>
            {t('devices.signOut')}
          </button>
        </>
      ),
    },
  ];
  return (
    <>
      <DataTable
        className="security-table"
        testId="devices"
        columns={columns}
        rows={devices}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ 'data-device': String(d.id) })}
      />
      <ConfirmDialog
        open={ending !== null}
        title={t('devices.confirm.title')}
        body={
          ending
            ? t(ending.current ? 'devices.confirm.current' : 'devices.confirm.body', { device: deviceLabel(t, ending) })
            : ''
        }
        confirmLabel={t('devices.signOut')}
        cancelLabel={t('devices.cancel')}
        onConfirm={() => ending && signOut(ending)}
        onCancel={() => setEnding(null)}
      />
    </>
  );
}

function LoginLog({ t }: { t: T }) {
  const dateOptions = useStore($dateOptions);
  const [page, setPage] = useState(1);
  const log = useStore(loginLogStore(page, LOG_PAGE));
  if (log.status !== 'success') return <p>{t('common.loading')}</p>;
  const data = log.value;
  const logColumns: Array<Column<(typeof data.records)[number]>> = [
    { key: 'time', label: t('devices.log.time'), cell: (r) => formatDateTime(r.time, dateOptions), phone: 'title' },
    {
      key: 'result',
      label: t('devices.log.result'),
      cell: (r) => (
        <span className={`status ${r.result === 'success' ? 'status--done' : 'status--failed'}`}>
          {t(`devices.result.${r.result}`)}
        </span>
      ),
    },
    { key: 'ip', label: t('devices.ip'), cell: (r) => r.ip ?? '—' },
    { key: 'device', label: t('devices.device'), cell: (r) => deviceLabel(t, { name: null, userAgent: r.userAgent }) },
  ];
  return (
    <>
      <DataTable
        className="security-table"
        testId="login-log"
        columns={logColumns}
        rows={data.records}
        rowKey={(r) => r.id}
      />
      <Pager t={t} page={page} total={data.total} size={LOG_PAGE} onPage={setPage} />
    </>
  );
}
