import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CommentList } from '../../features/community/index.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/** A project's comments (docs/product.md#comments). */
export default function CommentListPage() {
  const { t } = useTranslation('project');
  const { id } = useParams();
  return (
    <PageFrame title={t('comments.listTitle')}>
      <CommentList target={{ type: 'project', id: Number(id) }} />
    </PageFrame>
  );
}
