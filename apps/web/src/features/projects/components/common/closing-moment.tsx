import { useTranslation } from 'react-i18next';
import { formatKstDate } from '../../../../lib/format.ts';
import { useServerRender } from '../../../../lib/server-render.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';

/** A device in Korea's time (or on the same offset) needs no second line for its own time zone. */
export function deviceIsOnKstTime(instant: Date): boolean {
  return instant.getTimezoneOffset() === -9 * 60;
}

/**
 * When funding closes (docs/product.md#funding-close): the moment in KST, as every business date
 * (docs/product.md#time), and on a device elsewhere a second line in the device's own time zone.
 */
export function ClosingMoment({ closesAt }: { closesAt: Date }) {
  const { t } = useTranslation('projectDetail');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const serverRender = useServerRender();
  return (
    <p className="muted" data-testid="project-closes">
      {t('closesKst', { date: formatKstDate(closesAt, language, { withTime: true }) })}
      {/* A page rendered on the server (decision 110) knows no device: KST alone, the common case, until the render after hydration (decision 113). */}
      {serverRender || deviceIsOnKstTime(closesAt) ? null : (
        <>
          <br />
          {t('closesLocal', { date: closesAt.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </>
      )}
    </p>
  );
}
