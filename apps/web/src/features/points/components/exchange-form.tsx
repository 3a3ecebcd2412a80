import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useBalances } from '../api/get-balances.ts';
import { useExchange } from '../api/exchange.ts';
import { useActionKey } from '../hooks/use-action-key.ts';
import { berryPerOrange, pointAmountMax } from '@orchard/shared/points-rules';
import type { TFunction } from 'i18next';
import { checkExchange, type ExchangeCheck } from '../exchange-input.ts';

/** Why the typed amount cannot be exchanged, as the field's message; null when it can. */
function refusalMessage(t: TFunction, check: ExchangeCheck, number: (value: number) => string): string | null {
  switch (check.kind) {
    case 'not_digits':
    case 'fraction':
    case 'not_positive':
    case 'too_large':
      return t(`myPage:exchange.refusals.${check.kind}`, { max: number(pointAmountMax) });
    case 'over_balance':
      return t('myPage:exchange.refusals.over_balance', { amount: number(check.available) });
    default:
      return null;
  }
}

/**
 * The exchange tab: Orange → Berry at 1 : 13, irreversible, so it is confirmed first
 * (docs/product.md#exchange). More than the balance is flagged at the field with a way to charge;
 * the server refusing for lack of Orange opens "Exchange failed. Please charge and try again.".
 */
export function ExchangeForm({ onCharge, afterExchange }: { onCharge(): void; afterExchange?: ReactNode }) {
  const { t } = useTranslation(['myPage', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const inputId = useId();
  const hintId = useId();
  const balances = useBalances();
  const exchange = useExchange();
  const actionKey = useActionKey();
  const [input, setInput] = useState('');
  const [dialog, setDialog] = useState<'none' | 'confirm' | 'insufficient'>('none');
  const [error, setError] = useState<string | null>(null);
  const [exchanged, setExchanged] = useState<{ orange: number; berry: number } | null>(null);
  const available = balances.data?.orange.total ?? null;
  const check = checkExchange(input, available);
  const number = (value: number) => formatNumber(value, language);
  const orangeText = usePointsText('orange');
  const berryText = usePointsText('berry');

  const refusal = refusalMessage(t, check, number);

  const submit = () => {
    setError(null);
    if (check.kind === 'ok') setDialog('confirm');
  };

  const confirm = () => {
    if (check.kind !== 'ok') return;
    setDialog('none');
    const { orange } = check;
    exchange.mutate(
      { orange, idempotencyKey: actionKey.keyFor(`exchange:${orange}`) },
      {
        onSuccess: (result) => {
          actionKey.settle(null);
          setInput('');
          setExchanged({ orange: result.orange, berry: result.berry });
          // With a way back, the page itself says it next to that way; once is enough.
          if (!afterExchange) showToast({ message: t('myPage:exchange.done', { orange: number(result.orange), berry: number(result.berry) }) });
        },
        onError: (cause) => {
          actionKey.settle(cause);
          if (cause instanceof ApiError && cause.code === 'points.insufficient') setDialog('insufficient');
          else setError(apiErrorMessage(t, cause));
        },
      },
    );
  };

  return (
    <div className="stack">
      <div className="exchange-rate" aria-label={t('myPage:exchange.rateLabel')}>
        <span className="exchange-rate__side">
          <span className="dot dot--orange" aria-hidden="true" />
          {orangeText(1)}
        </span>
        <span className="exchange-rate__arrow" aria-hidden="true" />
        <span className="exchange-rate__side">
          <span className="dot dot--berry" aria-hidden="true" />
          {berryText(berryPerOrange)}
        </span>
      </div>
      <p className="muted">{t('myPage:charge.exchangeRule')}</p>
      <p className="exchange-available" data-testid="exchange-available">
        {t('myPage:exchange.available', { amount: available === null ? t('myPage:points.pendingAmount') : number(available) })}
      </p>
      <div className="stack stack--tight">
        <label htmlFor={inputId} className="field-label">
          {t('myPage:exchange.inputLabel')}
        </label>
        <input
          id={inputId}
          className="text-field"
          inputMode="numeric"
          autoComplete="off"
          value={input}
          aria-describedby={hintId}
          maxLength={40}
          aria-invalid={refusal !== null}
          onChange={(event) => setInput(event.target.value)}
        />
        <p id={hintId} className={`form-hint${refusal ? ' form-message--error' : ''}`} aria-live="polite" data-testid="exchange-preview">
          {check.kind === 'ok' ? t('myPage:exchange.preview', { orange: number(check.orange), berry: number(check.berry) }) : (refusal ?? t('myPage:exchange.hint'))}
        </p>
        {check.kind === 'over_balance' ? (
          <Button variant="secondary" className="button--small exchange-charge" onClick={onCharge}>
            {t('myPage:exchange.chargeOrange')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
      {exchanged && afterExchange ? (
        // The exchange a project sent the fan to is done: the way back, in the page rather than in a passing toast.
        <div className="stack stack--tight exchange-done" role="status">
          <p className="notice">{t('myPage:exchange.done', { orange: number(exchanged.orange), berry: number(exchanged.berry) })}</p>
          {afterExchange}
        </div>
      ) : null}
      <div className="bottom-action">
        <Button block disabled={check.kind !== 'ok' || exchange.isPending} onClick={submit}>
          {exchange.isPending ? t('myPage:exchange.working') : t('myPage:exchange.action')}
        </Button>
      </div>
      <ConfirmDialog
        open={dialog === 'confirm' && check.kind === 'ok'}
        title={t('myPage:exchange.confirmTitle')}
        message={check.kind === 'ok' ? t('myPage:exchange.confirmMessage', { orange: number(check.orange), berry: number(check.berry) }) : undefined}
        confirmLabel={t('myPage:exchange.action')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={confirm}
        onCancel={() => setDialog('none')}
      />
      <ConfirmDialog
        open={dialog === 'insufficient'}
        title={t('myPage:exchange.failed')}
        confirmLabel={t('myPage:exchange.charge')}
        cancelLabel={t('common:actions.close')}
        onConfirm={() => {
          setDialog('none');
          onCharge();
        }}
        onCancel={() => setDialog('none')}
      />
    </div>
  );
}
