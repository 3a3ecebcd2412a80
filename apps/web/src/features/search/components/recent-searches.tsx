import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { useRecentSearchesStore } from '../stores/recent-searches.ts';
import './search.css';

/** docs/product.md#discovery: the device's recent searches, newest first; each can be searched again or removed. */
export function RecentSearches({ onChoose }: { onChoose(search: string): void }) {
  const { t } = useTranslation('search');
  const searches = useRecentSearchesStore((state) => state.searches);
  const remove = useRecentSearchesStore((state) => state.remove);
  const clear = useRecentSearchesStore((state) => state.clear);
  if (searches.length === 0) return <p className="search-hint">{t('search:hint')}</p>;
  return (
    <section className="recent-searches" aria-labelledby="recent-searches-title">
      <div className="row-between">
        <h2 id="recent-searches-title" className="section-title">
          {t('search:recent.title')}
        </h2>
        <button type="button" className="recent-searches__clear" onClick={clear}>
          {t('search:recent.clearAll')}
        </button>
      </div>
      <ul className="recent-searches__list">
        {searches.map((search) => (
          <li key={search} className="recent-searches__item">
            <button type="button" className="recent-searches__search" onClick={() => onChoose(search)}>
              <SearchIcon width={18} height={18} />
              <span className="recent-searches__text">{search}</span>
            </button>
            <button type="button" className="icon-button recent-searches__remove" aria-label={t('search:recent.remove', { search })} onClick={() => remove(search)}>
              <CloseIcon width={18} height={18} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
