import { Link, useLocation } from 'react-router';
import { loginReturningTo } from '../../../lib/return-path.ts';
import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../../components/ui/icons.tsx';
import './auth.css';

/** docs/product.md#shell: a feature that needs login offers the way to the login page. */
export function LoginRequiredPrompt() {
  const { t } = useTranslation('auth');
  const { pathname, search } = useLocation();
  return (
    <div className="login-prompt" role="region" aria-labelledby="login-prompt-title">
      <span className="login-prompt__icon" aria-hidden="true">
        <UserIcon width={28} height={28} />
      </span>
      <h2 id="login-prompt-title" className="login-prompt__title">
        {t('loginRequired.title')}
      </h2>
      <p className="login-prompt__message">{t('loginRequired.message')}</p>
      <Link to={loginReturningTo(pathname + search)} className="button button--primary">
        {t('loginRequired.goToLogin')}
      </Link>
    </div>
  );
}
