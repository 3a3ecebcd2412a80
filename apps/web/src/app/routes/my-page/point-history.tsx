import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { PointHistory } from '../../../features/points/components/point-history.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#screens (Point history/{type}): type orange or berry. */
export default function PointHistoryPage() {
  const { t } = useTranslation('myPage');
  const navigate = useNavigate();
  const { type } = useParams();
  const currency = type === 'berry' ? 'berry' : 'orange';
  return (
    <PageFrame title={t('history.title')}>
      <PointHistory currency={currency} onCurrencyChange={(next) => void navigate(paths.pointHistory(next), { replace: true })} />
    </PageFrame>
  );
}
