import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Tabs } from '../../../components/ui/primitives.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

const projectListTabs = ['all', 'participate', 'open', 'event', 'like', 'request'] as const;
type ProjectListTab = (typeof projectListTabs)[number];

/** spec §2 Project list: tabs All, Participate, Open, Event, Like, Request. */
export default function MyProjectListPage() {
  const { t } = useTranslation(['myPage', 'project']);
  const [tab, setTab] = useState<ProjectListTab>('all');
  return (
    <PageFrame title={t('myPage:projects.title')}>
      <Tabs
        label={t('myPage:projects.tabsLabel')}
        idPrefix="my-projects"
        items={projectListTabs.map((value) => ({ value, label: t(`myPage:projects.tabs.${value}`) }))}
        value={tab}
        onChange={setTab}
      />
      <div id="my-projects-panel" role="tabpanel" aria-labelledby={`my-projects-tab-${tab}`}>
        <EmptyState message={t('project:empty.funding')} />
      </div>
    </PageFrame>
  );
}
