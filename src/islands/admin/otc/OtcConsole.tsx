import '../../../styles/chat.css';
import '../../../styles/otc-console.css';
import { useState } from 'react';
import type { T } from '../../../lib/i18n/client.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { AppealCases } from './AppealCases.tsx';
import { MerchantApplications } from './MerchantApplications.tsx';
import { ServiceInbox } from './ServiceInbox.tsx';

const PARTS = ['merchants', 'appeals', 'inbox'] as const;
type Part = (typeof PARTS)[number];

/** The console's OTC tab: merchant applications, appeals to rule, and the customer-service inbox. */
export function OtcConsole({ t }: { t: T }) {
  const [part, setPart] = useState<Part>('merchants');
  return (
    <div className="otc-console">
      <Tabs
        label={t('admin.tab.otc')}
        active={part}
        onChange={setPart}
        tabs={PARTS.map((p) => ({ key: p, label: t(`admin.otc.${p}`) }))}
      />
      {part === 'merchants' && <MerchantApplications t={t} />}
      {part === 'appeals' && <AppealCases t={t} />}
      {part === 'inbox' && <ServiceInbox t={t} />}
    </div>
  );
}
