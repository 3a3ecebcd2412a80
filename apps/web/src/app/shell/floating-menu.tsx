import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilmIcon, MegaphoneIcon, PlusIcon } from '../../components/ui/icons.tsx';
import { useHidesOnScrollDown } from '../../components/ui/use-hides-on-scroll-down.ts';
import { paths } from '../../lib/paths.ts';

/**
 * docs/product.md#shell: the floating plus button and its two actions. It steps aside while the page
 * scrolls down, so it never sits over the line being read, and comes back on the way up; a keyboard
 * user tabbing to it brings it back too.
 */
export function FloatingMenu() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = useHidesOnScrollDown(open || focused);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div
      className={`floating-menu${hidden ? ' floating-menu--hidden' : ''}`}
      ref={containerRef}
      onFocus={() => setFocused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setFocused(false)}
    >
      {open ? (
        <ul id={menuId} className="floating-menu__list">
          <li>
            <Link to={paths.requestProject} className="floating-menu__action" onClick={() => setOpen(false)}>
              <MegaphoneIcon width={20} height={20} />
              <span>{t('fab.createAd')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.createFilm} className="floating-menu__action" onClick={() => setOpen(false)}>
              <FilmIcon width={20} height={20} />
              <span>{t('fab.createFilm')}</span>
            </Link>
          </li>
        </ul>
      ) : null}
      <button
        type="button"
        className={`floating-menu__button${open ? ' floating-menu__button--open' : ''}`}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={open ? t('fab.close') : t('fab.open')}
        onClick={() => setOpen((value) => !value)}
      >
        <PlusIcon width={28} height={28} />
      </button>
    </div>
  );
}
