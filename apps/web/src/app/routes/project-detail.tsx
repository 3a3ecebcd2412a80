import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../paths.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState, Tabs } from '../../components/ui/primitives.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

const projectTabs = ['description', 'info', 'participants', 'policy'] as const;
type ProjectTab = (typeof projectTabs)[number];

/** docs/product.md#screens (Project detail): tabs description, info, participants, policy; comments below. */
export default function ProjectDetailPage() {
  const { t } = useTranslation('project');
  const { id = '' } = useParams();
  const [tab, setTab] = useState<ProjectTab>('description');
  return (
    <PageFrame title={t('detail.title')}>
      <Tabs label={t('detail.tabsLabel')} idPrefix="project" items={projectTabs.map((value) => ({ value, label: t(`detail.tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="project-panel" role="tabpanel" aria-labelledby={`project-tab-${tab}`}>
        {tab === 'participants' ? <EmptyState message={t('empty.participants')} /> : <EmptyState message={t('detail.notFound')} />}
      </div>
      <section className="stack" aria-labelledby="project-comments-title">
        <div className="row-between">
          <h2 id="project-comments-title" className="section-title">
            {t('comments.title', { count: 0 })}
          </h2>
          <Link to={paths.commentList(id)} className="text-link">
            {t('comments.seeAll')}
          </Link>
        </div>
        <EmptyState message={t('empty.comments')} />
      </section>
    </PageFrame>
  );
}
