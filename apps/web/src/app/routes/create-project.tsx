import { useTranslation } from 'react-i18next';
import { PageFrame } from '../shell/page-frame.tsx';
import { StepList } from '../shell/steps-frame.tsx';

/** spec §2 Deposit flow, 6 steps. */
const creationSteps = ['history', 'depositUnit', 'title', 'thumbnail', 'introduction', 'creator'] as const;

export default function CreateProjectPage() {
  const { t } = useTranslation('createProject');
  return (
    <PageFrame title={t('title')}>
      <p className="page-lead">{t('lead')}</p>
      <StepList namespace="createProject" steps={creationSteps} />
    </PageFrame>
  );
}
