import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgetWayBack, type ResumeFundraiseState, type WayBack } from './resume-after-charge.ts';

/**
 * "Back to creating your project" or "Back to the project", after a charge or an exchange that a
 * creation or a participation sent the user to (docs/product.md#payments). It replaces the result's
 * history entry, so Back from the project does not return to a result page. A way back to a project
 * reopens its fundraise sheet at the amount the fan had chosen.
 */
export function WayBackLink({ wayBack, variant = 'primary' }: { wayBack: WayBack; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation(['createProject', 'projectDetail']);
  return (
    <Link
      className={`button button--${variant} button--block resume-link`}
      to={wayBack.path}
      replace
      state={wayBack.amount === undefined ? undefined : ({ fundraiseAmount: wayBack.amount } satisfies ResumeFundraiseState)}
      // The creation forgets it itself once created: until then, its deposit step may send the user to charge again.
      onClick={wayBack.to === 'project' ? forgetWayBack : undefined}
    >
      {wayBack.to === 'creation' ? t('createProject:deposit.backToCreation') : t('projectDetail:backToProject')}
    </Link>
  );
}
