import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Receipt } from '../../../features/points/components/receipt.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

/** A charge's printable receipt (docs/decisions/105-receipts-and-vat.md): `receipt/{chargeId}`. */
export default function ReceiptPage() {
  const { t } = useTranslation('accounts');
  const { id = '' } = useParams();
  return (
    <PageFrame title={t('receipt.title')}>
      <Receipt key={id} chargeId={id} />
    </PageFrame>
  );
}
