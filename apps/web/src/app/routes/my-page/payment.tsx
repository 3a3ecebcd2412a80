import { useTranslation } from 'react-i18next';
import { PaymentMethods } from '../../../features/points/components/payment-methods.tsx';
import { useBottomBarHidden } from '../../../lib/stores/use-bottom-bar-hidden.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#screens (Payment): choose a payment method, then the gateway (the methods: docs/product.md#payments). */
export default function PaymentPage() {
  const { t } = useTranslation('myPage');
  // The screen's own bottom action takes the tab bar's place.
  useBottomBarHidden();
  return (
    <PageFrame title={t('payment.title')}>
      <PaymentMethods />
    </PageFrame>
  );
}
