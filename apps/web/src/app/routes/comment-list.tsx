import { useTranslation } from 'react-i18next';
import { ChatIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

export default function CommentListPage() {
  const { t } = useTranslation('project');
  return (
    <PageFrame title={t('comments.listTitle')}>
      <EmptyState icon={<ChatIcon width={32} height={32} />} message={t('empty.comments')} />
    </PageFrame>
  );
}
