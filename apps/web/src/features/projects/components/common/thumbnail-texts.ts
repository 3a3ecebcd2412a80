import { useTranslation } from 'react-i18next';
import type { ThumbnailPickerTexts } from '../../../../components/ui/thumbnail-picker.tsx';

/** The thumbnail picker's words, the creation's and the operator's event's alike. */
export function useThumbnailTexts(): ThumbnailPickerTexts {
  const { t } = useTranslation('createProject');
  return {
    rule: t('thumbnail.rule'),
    current: t('thumbnail.current'),
    choose: t('thumbnail.choose'),
    replace: t('thumbnail.replace'),
    loadingCropper: t('thumbnail.loadingCropper'),
    zoom: t('thumbnail.zoom'),
    useCrop: t('thumbnail.useCrop'),
    problemText: (problem) => t(`thumbnail.problems.${problem}`),
  };
}
