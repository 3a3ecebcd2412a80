import type { ProviderId } from '@orchard/shared';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { safeNextPath, withNext } from '../../../lib/return-path.ts';
import { OrchardMark } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/primitives.tsx';
import { apiErrorMessage, i18next } from '../../../lib/i18n.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { signInUrl, useAuthProviders } from '../api/get-auth-providers.ts';
import { useMe, userInfoFromMe } from '../api/get-me.ts';
import { ProviderLogo } from './provider-logo.tsx';
import './auth.css';

const providerOrder: ProviderId[] = ['x', 'google', 'apple', 'dev'];

/**
 * docs/product.md#accounts (sign-in): one button per configured provider. Sign-in leaves the SPA and returns here with
 * a session; this page then reads the auth check (its 401 is expected here, docs/architecture.md#web) and moves on.
 */
export function LoginScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const errorCode = searchParams.get('error');
  const me = useMe();
  const providers = useAuthProviders();
  const setUserInfo = useUserInfoStore((state) => state.setUserInfo);

  useEffect(() => {
    if (!me.data) return;
    setUserInfo(userInfoFromMe(me.data));
    navigate(me.data.joinState === 'joined' ? next : withNext(paths.join, next), { replace: true });
  }, [me.data, navigate, next, setUserInfo]);

  const returnTo = withNext(paths.login, next);
  const errorKey = errorCode ? `common:errors.${errorCode}` : null;
  const errorMessage = errorKey ? (i18next.exists(errorKey) ? t(errorKey) : t('common:errors.generic')) : null;

  return (
    <div className="login">
      <div className="login__hero">
        <OrchardMark size={72} />
        <h1 className="login__title">{t('auth:login.title')}</h1>
        <p className="login__lead">{t('auth:login.lead')}</p>
      </div>
      {errorMessage ? (
        <p className="notice notice--error" role="alert">
          {errorMessage}
        </p>
      ) : null}
      {me.isPending || providers.isPending ? (
        <Spinner label={t('common:loading')} />
      ) : providers.isError ? (
        <p className="notice notice--error" role="alert">
          {apiErrorMessage(t, providers.error)}
        </p>
      ) : (
        <ul className="login__providers">
          {providerOrder
            .filter((id) => providers.data.providers.some((provider) => provider.id === id))
            .map((id) => (
              <li key={id}>
                <a className={`provider-button provider-button--${id}`} href={signInUrl(id, returnTo)}>
                  <ProviderLogo provider={id} />
                  <span>{t(`auth:login.continueWith.${id}`)}</span>
                </a>
              </li>
            ))}
        </ul>
      )}
      {/* docs/product.md#terms: every document the user agrees to is linked here. */}
      <p className="login__terms">
        <Trans
          t={t}
          i18nKey="auth:login.terms"
          components={{
            service: <Link to={paths.terms('service')} className="text-link" />,
            privacy: <Link to={paths.terms('privacy')} className="text-link" />,
            identification: <Link to={paths.terms('unique-identification')} className="text-link" />,
          }}
        />
      </p>
    </div>
  );
}
