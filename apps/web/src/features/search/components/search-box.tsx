import { artistSearchMaxLength } from '@orchard/shared/input-limits';
import { useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import type { useSearchText } from '../hooks/use-search-text.ts';
import './search.css';

type SearchInputProps = ReturnType<typeof useSearchText>['inputProps'];

/**
 * The search form: a box as long as the API accepts, a clear button, and the keyboard's search key.
 * The Enter that confirms a Korean or Japanese word in the input method is not a search.
 */
export function SearchBox({ inputProps, composing, onSubmit, onClear }: { inputProps: SearchInputProps; composing: boolean; onSubmit(): void; onClear(): void }) {
  const { t } = useTranslation('search');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!composing) onSubmit();
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // 229: the key an input method is still holding (Safari ends composition before this keydown).
    if (event.key === 'Enter' && (event.nativeEvent.isComposing || event.keyCode === 229)) event.preventDefault();
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('search:label')}
      </label>
      <SearchIcon width={20} height={20} />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        enterKeyHint="search"
        maxLength={artistSearchMaxLength}
        placeholder={t('search:placeholder')}
        autoComplete="off"
        spellCheck={false}
        // A search screen is opened to type in.
        autoFocus
        onKeyDown={keyDown}
        {...inputProps}
      />
      {inputProps.value !== '' ? (
        <button type="button" className="search-box__clear" aria-label={t('search:clear')} onClick={() => {
            onClear();
            inputRef.current?.focus();
          }}
        >
          <CloseIcon width={18} height={18} />
        </button>
      ) : null}
    </form>
  );
}
