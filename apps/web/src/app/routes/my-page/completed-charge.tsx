import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompletedCharge } from '../../../features/points/components/completed-charge.tsx';
import { savedWayBack } from '../../../features/projects/components/common/resume-after-charge.ts';
import { WayBackLink } from '../../../features/projects/components/common/way-back-link.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#screens (completed charge): where the gateway's return lands, with the way back to what sent the user to charge. */
export default function CompletedChargePage() {
  const { t } = useTranslation('myPage');
  const { id = '' } = useParams();
  const [wayBack] = useState(savedWayBack);
  return (
    <PageFrame title={t('completedCharge.title')}>
      <CompletedCharge key={id} chargeId={id} wayBack={wayBack ? <WayBackLink wayBack={wayBack} /> : undefined} />
    </PageFrame>
  );
}
