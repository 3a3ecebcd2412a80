import { reportDetailMax, reportReasons, type ReportReason } from '@orchard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginReturningTo } from '../../../lib/return-path.ts';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { Button } from '../../../components/ui/primitives.tsx';
import { TextBox } from '../../../components/ui/text-box.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { isSignedIn, useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { useReport, type ReportTarget } from '../api/create-report.ts';

/**
 * The report sheet (docs/product.md#reports): a reason code, and the detail for REPR006 ("other").
 * Signed out, it asks for sign-in first instead of a form that could not be sent.
 */
export function ReportSheet({ target, open, onClose }: { target: ReportTarget; open: boolean; onClose(): void }) {
  const { t } = useTranslation(['community', 'common']);
  const signedIn = useUserInfoStore(isSignedIn);
  return (
    <BottomSheet open={open} onClose={onClose} title={t('report.title')} closeLabel={t('common:actions.close')}>
      {signedIn ? <ReportForm target={target} onDone={onClose} /> : <SignInToReport />}
    </BottomSheet>
  );
}

function SignInToReport() {
  const { t } = useTranslation('community');
  const { pathname, search } = useLocation();
  return (
    <div className="report-sheet">
      <p>{t('report.signInMessage')}</p>
      <Link className="button button--primary button--block" to={loginReturningTo(pathname + search)}>
        {t('report.signIn')}
      </Link>
    </div>
  );
}

/** Mounted with the sheet, so a reopened sheet starts empty. */
function ReportForm({ target, onDone }: { target: ReportTarget; onDone(): void }) {
  const { t } = useTranslation(['community', 'common']);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const report = useReport();
  const needsDetail = reason === 'REPR006';
  const canSend = reason !== null && (!needsDetail || detail.trim().length > 0) && !report.isPending;

  const send = () => {
    if (reason === null) return;
    report.mutate(
      { target, reason, ...(needsDetail ? { detail: detail.trim() } : {}) },
      {
        onSuccess: () => {
          showToast({ message: t('report.done') });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'reports.already_reported') {
            showToast({ message: t('report.already') });
            onDone();
          }
        },
      },
    );
  };
  const failed = report.isError && !(report.error instanceof ApiError && report.error.code === 'reports.already_reported');

  return (
    <div className="report-sheet">
      <ChoiceGroup<ReportReason>
        legend={t('report.reasonLabel')}
        choices={reportReasons.map((code) => ({ value: code, label: t(`report.reasons.${code}`) }))}
        value={reason}
        onChange={setReason}
      />
      {needsDetail ? (
        <TextBox
          className="report-sheet__detail"
          label={t('report.detailLabel')}
          multiline
          rows={3}
          fieldClassName="community-textarea"
          maxLength={reportDetailMax}
          value={detail}
          placeholder={t('report.detailPlaceholder')}
          onChange={setDetail}
          counter={t('counter', { count: detail.length, max: reportDetailMax })}
        />
      ) : null}
      {failed ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, report.error)}
        </p>
      ) : null}
      <Button block disabled={!canSend} onClick={send}>
        {t('report.submit')}
      </Button>
    </div>
  );
}
