import { useTranslation } from 'react-i18next';
import { Card, Spinner, Switch } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences.ts';

/**
 * Mail on or off for each notification kind (docs/product.md#notifications), saved the moment a
 * switch moves (apart from the profile's save button). Each kind is named as the list names it.
 */
export function MailPreferences() {
  const { t } = useTranslation(['notification', 'common']);
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  return (
    <Card>
      <h2 className="card__title">{t('mailPreferences.title')}</h2>
      <p className="switch-row__description">{t('mailPreferences.description')}</p>
      {preferences.isPending ? <Spinner label={t('common:loading')} /> : null}
      {preferences.isError ? (
        <p className="notice notice--error" role="alert">
          {apiErrorMessage(t, preferences.error)}
        </p>
      ) : null}
      {preferences.data
        ? Object.entries(preferences.data.mail).map(([kind, on]) => (
            <Switch
              key={kind}
              checked={on}
              label={t(`kinds.${kind}.title`)}
              onChange={(value) =>
                update.mutate(
                  { [kind]: value },
                  {
                    onSuccess: () => showToast({ message: t(value ? 'mailPreferences.on' : 'mailPreferences.off', { kind: t(`kinds.${kind}.title`) }) }),
                    onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
                  },
                )
              }
            />
          ))
        : null}
    </Card>
  );
}
