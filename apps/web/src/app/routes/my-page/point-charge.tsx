import { useTranslation } from 'react-i18next';
import { PointCharge } from '../../../features/points/components/point-charge.tsx';
import { useBottomBarHidden } from '../../../lib/stores/use-bottom-bar-hidden.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#screens (Point charge): tabs payment and exchange. */
export default function PointChargePage() {
  const { t } = useTranslation('myPage');
  // The screen's own bottom action takes the tab bar's place.
  useBottomBarHidden();
  return (
    <PageFrame title={t('charge.title')}>
      <PointCharge />
    </PageFrame>
  );
}
