import { artistSearchMaxLength } from '@orchard/shared/input-limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/icons.tsx';

/** The artist search box, as long as the API accepts and no longer. */
export function ArtistSearchField({ value, onChange }: { value: string; onChange(search: string): void }) {
  const { t } = useTranslation('artist');
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <div className="search-field">
        <SearchIcon width={20} height={20} />
        <input
          id={inputId}
          type="search"
          value={value}
          maxLength={artistSearchMaxLength}
          placeholder={t('search.placeholder')}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
        />
      </div>
    </>
  );
}
