import { creationDeadlineCause } from '@orchard/shared/project-rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKstDate } from '../../../../lib/format.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';

/** Days, hours and minutes left until an instant (zero once passed). */
export function timeLeft(deadline: Date, now: Date): { days: number; hours: number; minutes: number; passed: boolean } {
  const ms = deadline.getTime() - now.getTime();
  if (ms <= 0) return { days: 0, hours: 0, minutes: 0, passed: true };
  const minutesLeft = Math.floor(ms / 60_000);
  return { days: Math.floor(minutesLeft / 1440), hours: Math.floor((minutesLeft % 1440) / 60), minutes: minutesLeft % 60, passed: false };
}

/**
 * The creation deadline (docs/product.md#creation: 23:59:59 KST of the 7th day after approval, or of
 * the funding end date when that comes first, which it then says), counting down each minute.
 */
export function DeadlineCountdown({ deadline, fundingEndDate }: { deadline: string; fundingEndDate: string }) {
  const { t } = useTranslation('createProject');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeft(new Date(deadline), now);
  return (
    <div className="card stack stack--tight">
      <p className="muted" data-testid="creation-deadline">
        {t('deadline.until', { date: formatKstDate(deadline, language, { withTime: true }) })}
      </p>
      {creationDeadlineCause(new Date(deadline), fundingEndDate) === 'funding_end' ? <p className="muted">{t('deadline.fundingEnd')}</p> : null}
      <p className="countdown" data-testid="creation-countdown">
        {left.passed ? t('deadline.passed') : t('deadline.left', { days: left.days, hours: left.hours, minutes: left.minutes })}
      </p>
    </div>
  );
}
