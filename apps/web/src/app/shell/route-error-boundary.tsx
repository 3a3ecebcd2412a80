import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState } from '../../components/ui/primitives.tsx';

function RouteErrorMessage() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      message={t('errors.pageFailed')}
      action={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      }
    />
  );
}

/** A page that could not load (its chunk failed twice, or it threw) shows a way out, not a blank screen. */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[page]', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorMessage /> : this.props.children;
  }
}
