import { Link, matchPath, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompletedCharge } from '../../../features/points/components/completed-charge.tsx';
import { resumeAfterChargeKey } from '../../../features/projects/components/resume-after-charge.ts';
import { routePatterns } from '../../paths.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#screens (completed charge): where the gateway's return lands. */
export default function CompletedChargePage() {
  const { t } = useTranslation(['myPage', 'createProject']);
  const { id = '' } = useParams();
  // A creation that ran short of Orange sent the user here; offer the way back to it.
  const resumePath = sessionStorage.getItem(resumeAfterChargeKey);
  return (
    <PageFrame title={t('completedCharge.title')}>
      <CompletedCharge key={id} chargeId={id} />
      {resumePath && matchPath(routePatterns.createProject, resumePath) ? (
        <Link className="button button--secondary button--block resume-link" to={resumePath}>
          {t('createProject:deposit.backToCreation')}
        </Link>
      ) : null}
    </PageFrame>
  );
}
