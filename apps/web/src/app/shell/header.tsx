import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { BellIcon, BellUnreadIcon, GlobeIcon, OrchardMark, SearchIcon } from '../../components/ui/icons.tsx';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { useShellStore } from '../../lib/stores/shell.ts';
import { useUserInfoStore } from '../../lib/stores/user-info.ts';

export function AppHeader() {
  const { t } = useTranslation('common');
  const hasUnreadNotification = useUserInfoStore((state) => state.hasUnreadNotification);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const currency = useLanguageAndCurrencyStore((state) => state.currency);
  const setBottomBarVisible = useShellStore((state) => state.setBottomBarVisible);
  const openSheet = useShellStore((state) => state.openLanguageAndCurrencySheet);
  return (
    <header className="app-header">
      <Link to={paths.home} className="app-header__logo" aria-label={t('header.logo')} onClick={() => setBottomBarVisible(true)}>
        <OrchardMark size={30} />
        <span className="app-header__wordmark" aria-hidden="true">
          {t('app.name')}
        </span>
      </Link>
      <div className="app-header__actions">
        <button
          type="button"
          className="chip-button"
          onClick={openSheet}
          aria-label={t('header.languageAndCurrency', { language: t(`languageCurrency.languages.${language}`), currency })}
        >
          <GlobeIcon width={18} height={18} />
          <span aria-hidden="true">{`${language.toUpperCase()} · ${currency}`}</span>
        </button>
        <Link to={paths.search} className="icon-button" aria-label={t('header.search')}>
          <SearchIcon />
        </Link>
        <Link
          to={paths.notification}
          className="icon-button"
          aria-label={hasUnreadNotification ? t('header.notificationsUnread') : t('header.notifications')}
          data-unread={hasUnreadNotification ? 'true' : 'false'}
        >
          {hasUnreadNotification ? <BellUnreadIcon /> : <BellIcon />}
        </Link>
      </div>
    </header>
  );
}
