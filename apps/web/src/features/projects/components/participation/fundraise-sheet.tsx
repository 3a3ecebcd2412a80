import type { Project } from '@orchard/shared';
import { participationShortfall } from '@orchard/shared/project-rules';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../lib/paths.ts';
import { BottomSheet } from '../../../../components/ui/bottom-sheet.tsx';
import { Button } from '../../../../components/ui/primitives.tsx';
import { showToast } from '../../../../components/ui/toast.tsx';
import { useActionKey } from '../../../../lib/action-key.ts';
import { ApiError } from '../../../../lib/http.ts';
import { apiErrorMessage } from '../../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { useParticipate } from '../../api/participations.ts';
import { amountTaken, clampAmount, fundraiseBounds, stepAmount } from '../common/fundraise-rules.ts';
import { usePointsText } from '../../../../lib/points-text.ts';
import { pointsTopUpPath, rememberWayBack } from '../common/resume-after-charge.ts';

const knownRefusals = ['projects.not_funding', 'projects.below_minimum_unit', 'projects.not_unit_multiple', 'projects.over_user_limit'] as const;

/**
 * docs/product.md#participation: the amount in whole units, the balance, what is already in, the
 * limits; the button names what will be taken. One Idempotency-Key per action (useActionKey): kept
 * while the same amount is retried after a lost answer, new once the amount changes or an answer
 * came. `available` is the user's balance in the project's currency (undefined while it loads): a
 * balance short of what the button would take says so before anything is sent, with the way to
 * charge, which keeps the amount for the way back (`initialAmount`).
 */
export function FundraiseSheet({
  project,
  available,
  initialAmount,
  open,
  onClose,
}: {
  project: Project;
  available: number | undefined;
  initialAmount?: number;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(['projectDetail', 'common']);
  const pointsText = usePointsText(project.currency);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const participate = useParticipate();
  const { keyFor, settle } = useActionKey();
  const bounds = fundraiseBounds(project);
  const [amount, setAmount] = useState(() => clampAmount(initialAmount ?? bounds.unit, bounds));
  const [failure, setFailure] = useState<{ message: string; insufficient: boolean } | null>(null);
  const amountId = useId();
  const canJoin = bounds.cap > 0;
  const taken = amountTaken(amount, bounds);
  const capped = taken < amount;
  // Known short before sending: the button waits; a refusal for a balance that moved since says the same.
  const shortBeforeSending = available !== undefined && participationShortfall(taken, available) > 0;
  const short = shortBeforeSending || failure?.insufficient === true;
  const choose = (next: number) => {
    setAmount(next);
    setFailure(null);
  };

  const submit = () => {
    setFailure(null);
    participate.mutate(
      { projectId: project.id, amount, idempotencyKey: keyFor(`${project.id}:${amount}`), language },
      {
        onSuccess: (answer) => {
          settle(null);
          showToast({ message: t('fundraise.joined', { amount: pointsText(answer.participation.amount) }) });
          onClose();
        },
        onError: (error) => {
          settle(error);
          const code = error instanceof ApiError ? error.code : '';
          const known = (knownRefusals as readonly string[]).includes(code);
          setFailure({ message: known ? t(`fundraise.refused.${code}`) : apiErrorMessage(t, error), insufficient: code === 'points.insufficient' });
        },
      },
    );
  };

  return (
    <BottomSheet open={open} onClose={onClose} title={t('fundraise.title')} closeLabel={t('common:actions.close')}>
      <div className="stack fundraise-sheet">
        <dl className="fundraise-facts">
          <div>
            <dt>{t('fundraise.balance')}</dt>
            <dd data-testid="fundraise-balance">{available === undefined ? '…' : pointsText(available)}</dd>
          </div>
          <div>
            <dt>{t('fundraise.already')}</dt>
            <dd>{pointsText(project.viewerContribution)}</dd>
          </div>
          <div>
            <dt>{t('fundraise.limit')}</dt>
            <dd data-testid="fundraise-cap">
              {pointsText(bounds.cap)}
              {bounds.limitedBy === 'goal' ? <span className="fundraise-facts__why">{t('fundraise.limitToGoal')}</span> : null}
            </dd>
          </div>
        </dl>
        {canJoin ? (
          <>
            <label className="field-label" htmlFor={amountId}>
              {t('fundraise.amount')}
            </label>
            <div className="stepper">
              <Button variant="secondary" aria-label={t('fundraise.less')} disabled={amount <= bounds.unit} onClick={() => choose(stepAmount(amount, -1, bounds))}>
                −
              </Button>
              <output id={amountId} className="stepper__value" aria-live="polite">
                {pointsText(amount)}
              </output>
              <Button variant="secondary" aria-label={t('fundraise.more')} disabled={amount >= bounds.largest} onClick={() => choose(stepAmount(amount, 1, bounds))}>
                +
              </Button>
            </div>
            <p className="muted">{t('fundraise.stepHint', { unit: pointsText(bounds.unit) })}</p>
            {capped ? <p className="notice">{t('fundraise.capped')}</p> : null}
            <Button block disabled={participate.isPending || shortBeforeSending} onClick={submit}>
              {participate.isPending ? t('fundraise.sending') : t('fundraise.submit', { amount: pointsText(taken) })}
            </Button>
          </>
        ) : (
          <p className="notice">{t('fundraise.atLimit')}</p>
        )}
        {short ? (
          <div className="stack stack--tight" role="alert">
            <p className="field-message field-message--error">{t(project.currency === 'orange' ? 'fundraise.insufficient' : 'fundraise.insufficientBerry')}</p>
            <Link
              className="button button--primary button--block"
              // Berry comes from an exchange, so an event opens the exchange tab (docs/product.md#screens).
              to={pointsTopUpPath(project.currency)}
              onClick={() => rememberWayBack(paths.project(project.id), amount)}
            >
              {project.currency === 'orange' ? t('fundraise.charge') : t('fundraise.exchange')}
            </Link>
          </div>
        ) : failure ? (
          <p className="field-message field-message--error" role="alert">
            {failure.message}
          </p>
        ) : null}
      </div>
    </BottomSheet>
  );
}
