import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { ChatIcon, ChevronRightIcon, FilmIcon, MegaphoneIcon, ShieldIcon, StarIcon, WalletIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/primitives.tsx';
import { orangePriceKrw, useDisplayAmount } from '../../../lib/exchange-rates.ts';
import { formatKrw } from '../../../lib/format.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useDisplayInfo } from '../api/get-display-info.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import './users.css';

type MenuItem = { to: string; labelKey: string; Icon: ComponentType<SVGProps<SVGSVGElement>>; count?: number };

/**
 * docs/product.md#screens (My page): edit, points owned (the balances come from the points feature
 * as `pointsOwned`), following artists, projects, posted films, inquiry, charge; for an operator,
 * the console (`showOperatorConsole`, from the route, which reads the roles).
 */
export function MyPageHome({ pointsOwned, showOperatorConsole = false }: { pointsOwned?: ReactNode; showOperatorConsole?: boolean } = {}) {
  const { t } = useTranslation(['myPage', 'common']);
  const displayInfo = useDisplayInfo();
  const { format } = useDisplayAmount();
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const currency = useLanguageAndCurrencyStore((state) => state.currency);
  if (displayInfo.isPending) return <Spinner label={t('common:loading')} />;
  if (displayInfo.isError) return <p className="form-message form-message--error">{apiErrorMessage(t, displayInfo.error)}</p>;
  const info = displayInfo.data;
  // The price is exact in won; another display currency is only an approximation beside it.
  const krw = formatKrw(orangePriceKrw, language);
  const converted = currency === 'KRW' ? null : format(orangePriceKrw);
  const orangePrice = converted ? t('common:points.orangePriceApprox', { krw, price: converted }) : t('common:points.orangePrice', { krw });
  const menu: MenuItem[] = [
    { to: paths.followingArtists, labelKey: 'myPage:home.menu.followingArtists', Icon: StarIcon, count: info.followingArtistCount },
    { to: paths.projectList, labelKey: 'myPage:home.menu.projects', Icon: MegaphoneIcon },
    { to: paths.filmList, labelKey: 'myPage:home.menu.films', Icon: FilmIcon },
    { to: paths.customerSupport, labelKey: 'myPage:home.menu.inquiry', Icon: ChatIcon },
    ...(showOperatorConsole ? [{ to: paths.ops, labelKey: 'myPage:home.menu.operatorConsole', Icon: ShieldIcon }] : []),
  ];
  return (
    <div className="stack">
      <section className="profile-summary" aria-label={t('myPage:home.profileLabel')}>
        <ProfileAvatar imageUrl={info.profileImageUrl} size={64} />
        <div className="profile-summary__text">
          <p className="profile-summary__name">{info.nickname ?? t('myPage:home.noNickname')}</p>
          <Link to={paths.userProfile} className="button button--secondary button--small">
            {t('myPage:home.edit')}
          </Link>
        </div>
      </section>

      <section className="points-card" aria-labelledby="points-owned-title">
        <div className="points-card__head">
          <h2 id="points-owned-title" className="points-card__title">
            {t('myPage:home.pointsOwned')}
          </h2>
          <Link to={paths.pointHistory('orange')} className="points-card__link">
            {t('myPage:home.history')}
            <ChevronRightIcon width={16} height={16} />
          </Link>
        </div>
        {pointsOwned}
        <p className="points-card__price" data-testid="orange-price">
          {orangePrice}
        </p>
        <Link to={paths.pointCharge} className="button button--primary button--block">
          <WalletIcon width={20} height={20} />
          <span>{t('myPage:home.charge')}</span>
        </Link>
      </section>

      <nav aria-label={t('myPage:home.menuLabel')}>
        <ul className="menu-list">
          {menu.map(({ to, labelKey, Icon, count }) => (
            <li key={to}>
              <Link to={to} className="menu-list__item">
                <Icon width={22} height={22} />
                <span className="menu-list__label">{t(labelKey)}</span>
                {count !== undefined ? <span className="menu-list__count">{count}</span> : null}
                <ChevronRightIcon width={18} height={18} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
