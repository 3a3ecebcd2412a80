import { useTranslation } from 'react-i18next';
import { Card, Switch } from '../../../components/ui/primitives.tsx';
import type { ProfileDraft } from '../hooks/use-profile-draft.ts';

type Consent = 'adInfoConsent' | 'nightNotificationConsent' | 'marketingConsent';

/** The three optional consents, as switches (each switches by tapping its label too). */
export function ConsentsCard({ draft, onChange }: { draft: Pick<ProfileDraft, Consent>; onChange(consent: Consent, value: boolean): void }) {
  const { t } = useTranslation('myPage');
  return (
    <Card>
      <Switch checked={draft.adInfoConsent} onChange={(value) => onChange('adInfoConsent', value)} label={t('profile.consents.adInfo')} description={t('profile.consents.adInfoDescription')} />
      <Switch
        checked={draft.nightNotificationConsent}
        onChange={(value) => onChange('nightNotificationConsent', value)}
        label={t('profile.consents.night')}
        description={t('profile.consents.nightDescription')}
      />
      <Switch checked={draft.marketingConsent} onChange={(value) => onChange('marketingConsent', value)} label={t('profile.consents.marketing')} />
    </Card>
  );
}
