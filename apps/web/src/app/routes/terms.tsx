import { isLegalDocument } from '@orchard/shared/terms';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { TermsDocument } from '../../features/terms/components/terms-document.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

/** `/terms/:doc`: the terms of service, the privacy policy or the unique-identification notice, readable signed in or out. */
export default function TermsPage() {
  const { t } = useTranslation('terms');
  const { doc } = useParams();
  return (
    <PageFrame title={t('page.documentsLabel')}>
      {isLegalDocument(doc) ? <TermsDocument key={doc} document={doc} /> : <EmptyState message={t('page.notFound')} />}
    </PageFrame>
  );
}
