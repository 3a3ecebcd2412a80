import type { ProjectReference } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import { useLanguageAndCurrencyStore } from './stores/language-and-currency.ts';

/**
 * How a notification or a history entry names its project (docs/product.md#notifications): its
 * title as the server read it, "hidden by the operator" while hidden, or, for a request that has no
 * title yet, its artist.
 */
export function useProjectReferenceName() {
  const { t } = useTranslation('common');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  return (project: ProjectReference): string => {
    if (project.title !== null) return project.title;
    if (project.hidden) return t('common:projectReference.hidden');
    return t('common:projectReference.request', { artist: project.artistNames[language] || project.artistNames.en });
  };
}
