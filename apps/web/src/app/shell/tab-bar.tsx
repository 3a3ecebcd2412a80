import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ComponentType, SVGProps } from 'react';
import { FilmIcon, HomeIcon, StarIcon, UserIcon } from '../../components/ui/icons.tsx';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { activeTabFor, tabHref, type TabName } from '../tabs.ts';

const tabs: { name: TabName; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { name: 'home', Icon: HomeIcon },
  { name: 'artist', Icon: StarIcon },
  { name: 'film', Icon: FilmIcon },
  { name: 'myPage', Icon: UserIcon },
];

export function TabBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const signedIn = useUserInfoStore(isSignedIn);
  const active = activeTabFor(pathname);
  return (
    <nav className="tab-bar" aria-label={t('nav.label')}>
      {tabs.map(({ name, Icon }) => (
        <Link
          key={name}
          to={tabHref(name, signedIn)}
          className={`tab-bar__tab${active === name ? ' tab-bar__tab--active' : ''}`}
          aria-current={active === name ? 'page' : undefined}
        >
          <Icon width={24} height={24} />
          <span className="tab-bar__label">{t(`nav.${name}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
