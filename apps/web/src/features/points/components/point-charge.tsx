import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/primitives.tsx';
import { ChargePackages } from './charge-packages.tsx';
import { ExchangeForm } from './exchange-form.tsx';
import './points.css';

const chargeTabs = ['payment', 'exchange'] as const;
type ChargeTab = (typeof chargeTabs)[number];

/**
 * docs/product.md#screens (Point charge): tabs payment and exchange; the tab is in the address (`?tab=exchange`).
 * `afterExchange` is shown once an exchange is done: the way back to what sent the user here, composed by the route.
 */
export function PointCharge({ afterExchange }: { afterExchange?: ReactNode } = {}) {
  const { t } = useTranslation('myPage');
  const [search, setSearch] = useSearchParams();
  const tab: ChargeTab = search.get('tab') === 'exchange' ? 'exchange' : 'payment';
  const setTab = (next: ChargeTab) => setSearch(next === 'payment' ? {} : { tab: next }, { replace: true });
  return (
    <>
      <Tabs label={t('charge.tabsLabel')} idPrefix="charge" items={chargeTabs.map((value) => ({ value, label: t(`charge.tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="charge-panel" role="tabpanel" aria-labelledby={`charge-tab-${tab}`}>
        {tab === 'payment' ? <ChargePackages /> : <ExchangeForm onCharge={() => setTab('payment')} afterExchange={afterExchange} />}
      </div>
    </>
  );
}
