import { useTranslation } from 'react-i18next';
import { PageFrame } from '../shell/page-frame.tsx';
import { StepList } from '../shell/steps-frame.tsx';

/** spec §2 Create-funding flow, 7 steps. */
const requestSteps = ['artist', 'purpose', 'package', 'media', 'adStart', 'fundingDates', 'confirmation'] as const;

export default function RequestProjectPage() {
  const { t } = useTranslation('requestFunding');
  return (
    <PageFrame title={t('title')}>
      <p className="page-lead">{t('lead')}</p>
      <StepList namespace="requestFunding" steps={requestSteps} />
    </PageFrame>
  );
}
