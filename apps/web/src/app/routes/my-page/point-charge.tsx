import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PointCharge } from '../../../features/points/components/point-charge.tsx';
import { savedWayBack } from '../../../features/projects/components/common/resume-after-charge.ts';
import { WayBackLink } from '../../../features/projects/components/common/way-back-link.tsx';
import { useBottomBarHidden } from '../../../lib/stores/use-bottom-bar-hidden.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#screens (Point charge): tabs payment and exchange; after an exchange, the way back to the project that sent the fan here. */
export default function PointChargePage() {
  const { t } = useTranslation('myPage');
  // The screen's own bottom action takes the tab bar's place.
  useBottomBarHidden();
  const [wayBack] = useState(savedWayBack);
  return (
    <PageFrame title={t('charge.title')}>
      <PointCharge afterExchange={wayBack?.to === 'project' ? <WayBackLink wayBack={wayBack} /> : undefined} />
    </PageFrame>
  );
}
