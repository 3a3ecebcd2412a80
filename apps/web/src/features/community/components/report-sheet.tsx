import { reportDetailMax, reportReasons, type ReportReason } from '@orchard/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Button } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useReport, type ReportTarget } from '../api/create-report.ts';

/** The report sheet (docs/product.md#reports): a reason code, and the detail for REPR006 ("other"). */
export function ReportSheet({ target, open, onClose }: { target: ReportTarget; open: boolean; onClose(): void }) {
  const { t } = useTranslation(['community', 'common']);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const detailId = useId();
  const report = useReport();
  const needsDetail = reason === 'REPR006';
  const canSend = reason !== null && (!needsDetail || detail.trim().length > 0) && !report.isPending;

  const close = () => {
    setReason(null);
    setDetail('');
    report.reset();
    onClose();
  };
  const send = () => {
    if (reason === null) return;
    report.mutate(
      { target, reason, ...(needsDetail ? { detail: detail.trim() } : {}) },
      {
        onSuccess: () => {
          showToast({ message: t('report.done') });
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'reports.already_reported') {
            showToast({ message: t('report.already') });
            close();
          }
        },
      },
    );
  };
  const failed = report.isError && !(report.error instanceof ApiError && report.error.code === 'reports.already_reported');

  return (
    <BottomSheet open={open} onClose={close} title={t('report.title')} closeLabel={t('common:actions.close')}>
      <fieldset className="report-sheet">
        <legend className="visually-hidden">{t('report.reasonLabel')}</legend>
        {reportReasons.map((code) => (
          <label key={code} className="report-sheet__reason">
            <input type="radio" name="report-reason" value={code} checked={reason === code} onChange={() => setReason(code)} />
            <span>{t(`report.reasons.${code}`)}</span>
          </label>
        ))}
        {needsDetail ? (
          <div className="report-sheet__detail">
            <label htmlFor={detailId} className="field-label">
              {t('report.detailLabel')}
            </label>
            <textarea
              id={detailId}
              className="text-field community-textarea"
              maxLength={reportDetailMax}
              rows={3}
              value={detail}
              placeholder={t('report.detailPlaceholder')}
              onChange={(event) => setDetail(event.target.value)}
            />
            <span className="form-hint">{t('counter', { count: detail.length, max: reportDetailMax })}</span>
          </div>
        ) : null}
        {failed ? (
          <p className="form-message form-message--error" role="alert">
            {apiErrorMessage(t, report.error)}
          </p>
        ) : null}
        <Button block disabled={!canSend} onClick={send}>
          {t('report.submit')}
        </Button>
      </fieldset>
    </BottomSheet>
  );
}
