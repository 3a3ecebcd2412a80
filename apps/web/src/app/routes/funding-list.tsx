import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../components/ui/primitives.tsx';
import { useProject } from '../../features/projects/api/get-project.ts';
import { useParticipants, type ParticipantSort } from '../../features/projects/api/participations.ts';
import { usePointsText } from '../../lib/points-text.ts';
import '../../features/projects/components/common/project-page.css';
import { formatKstDate } from '../../lib/format.ts';
import { apiErrorMessage } from '../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { PageFrame } from '../shell/page-frame.tsx';

const participantSorts = ['amount', 'latest'] as const;

/** docs/product.md#screens: every funder of a project, by amount or latest, page by page. */
export default function FundingListPage() {
  const { t } = useTranslation(['project', 'projectDetail', 'common']);
  const { id = '' } = useParams();
  const projectId = Number(id);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [sort, setSort] = useState<ParticipantSort>('amount');
  const project = useProject(projectId);
  const participants = useParticipants(projectId, sort);
  const pointsText = usePointsText(project.data?.currency ?? 'orange');
  const rows = participants.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PageFrame title={t('project:participants.title')}>
      <div className="segmented" role="group" aria-label={t('project:participants.sortLabel')}>
        {participantSorts.map((order) => (
          <button key={order} type="button" className="segmented__option" aria-pressed={sort === order} onClick={() => setSort(order)}>
            {t(`project:participants.sort.${order}`)}
          </button>
        ))}
      </div>
      {participants.isPending && participants.fetchStatus !== 'idle' ? (
        <Spinner label={t('common:loading')} />
      ) : participants.isError && rows.length === 0 ? (
        // An unknown project (404) or a lost connection: say so, never "no one has joined yet".
        <p className="notice notice--error" role="alert">
          {apiErrorMessage(t, participants.error)}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState message={t('project:empty.participants')} />
      ) : (
        <ol className="participant-list">
          {rows.map((participant, index) => (
            <li key={participant.id} className="participant-list__row">
              <span className="participant-list__rank">{sort === 'amount' ? index + 1 : ''}</span>
              <span className="participant-list__name">
                {participant.nickname ?? t('projectDetail:deletedUser')}
                <br />
                <small className="muted">{formatKstDate(participant.participatedAt, language)}</small>
              </span>
              <span className="participant-list__amount">{pointsText(participant.amount)}</span>
            </li>
          ))}
        </ol>
      )}
      {participants.hasNextPage ? (
        <button type="button" className="button button--secondary button--block" disabled={participants.isFetchingNextPage} onClick={() => void participants.fetchNextPage()}>
          {t('projectDetail:loadMore')}
        </button>
      ) : null}
    </PageFrame>
  );
}
