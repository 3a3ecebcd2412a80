import type { Film } from '@orchard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/primitives.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useDeleteFilm } from '../api/create-film.ts';

/** The author's delete, asked once more in a dialog; `onDeleted` runs after the server agreed. */
export function DeleteFilmButton({ film, onDeleted }: { film: Pick<Film, 'id' | 'title'>; onDeleted?: () => void }) {
  const { t } = useTranslation(['film', 'common']);
  const [asking, setAsking] = useState(false);
  const remove = useDeleteFilm();
  return (
    <>
      <Button variant="danger" className="button--small" disabled={remove.isPending} aria-label={t('film:detail.deleteNamed', { title: film.title })} onClick={() => setAsking(true)}>
        {t('film:detail.delete')}
      </Button>
      {remove.isError ? (
        <span className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, remove.error)}
        </span>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('film:detail.deleteTitle')}
        message={t('film:detail.deleteConfirm')}
        confirmLabel={t('film:detail.delete')}
        cancelLabel={t('common:actions.cancel')}
        tone="danger"
        confirmDisabled={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(film.id, {
            onSuccess: () => {
              setAsking(false);
              onDeleted?.();
            },
            onError: () => setAsking(false),
          })
        }
      />
    </>
  );
}
