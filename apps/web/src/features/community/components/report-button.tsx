import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportTarget } from '../api/create-report.ts';
import { ReportSheet } from './report-sheet.tsx';
import './community.css';

/** A "Report" text button that opens the report sheet for a project or a comment. */
export function ReportButton({ target, className }: { target: ReportTarget; className?: string }) {
  const { t } = useTranslation('community');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`community-link-button${className ? ` ${className}` : ''}`} onClick={() => setOpen(true)}>
        {t(target.type === 'project' ? 'report.openProject' : 'report.open')}
      </button>
      <ReportSheet target={target} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
