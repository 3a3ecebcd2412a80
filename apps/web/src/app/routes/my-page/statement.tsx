import { kstYearOf } from '@orchard/shared/receipt-rules';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Statement } from '../../../features/points/components/statement.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

/** The yearly statement (docs/decisions/106-yearly-statement.md); the year rides in the address (`?year=`), this KST year by default. */
export default function StatementPage() {
  const { t } = useTranslation('accounts');
  const [params, setParams] = useSearchParams();
  const asked = params.get('year');
  const year = asked && /^[0-9]{4}$/.test(asked) ? Number(asked) : kstYearOf(new Date());
  return (
    <PageFrame title={t('statement.title')}>
      <Statement year={year} onYearChange={(next) => setParams({ year: String(next) }, { replace: true })} />
    </PageFrame>
  );
}
