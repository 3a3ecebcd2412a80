import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompletedCharge } from '../../../features/points/components/completed-charge.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

/** spec §2 Completed-charge/{id}: where the gateway's return lands. */
export default function CompletedChargePage() {
  const { t } = useTranslation('myPage');
  const { id = '' } = useParams();
  return (
    <PageFrame title={t('completedCharge.title')}>
      <CompletedCharge key={id} chargeId={id} />
    </PageFrame>
  );
}
