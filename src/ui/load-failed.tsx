import { Component, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useT } from '../i18n';
import { PlainButton } from './plain-button';
import { reportError } from './error-reports';
import { isChunkLoadError } from './chunk-load-error';

let shown = false;
const listeners = new Set<() => void>();
const setShown = (value: boolean) => {
  shown = value;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * "This part of the app has not been downloaded yet…": said when code the user asked for (New Appointment's form, the
 * Sale dialog, a report's chart) could not load, instead of nothing happening or the router's error page. What fails
 * so while a page renders outside a LoadBoundary says it on the error page itself (`RouteError`).
 */
export function LoadFailedNotice() {
  const t = useT();
  const visible = useSyncExternalStore(subscribe, () => shown);
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isChunkLoadError(event.reason)) return;
      event.preventDefault();
      setShown(true);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
  if (!visible) return null;
  return (
    <div className="toast" role="alert" data-testid="load-failed">
      <span>{t('pwa.notDownloaded')}</span>
      <PlainButton variant="primary" onPress={() => window.location.reload()}>
        {t('pwa.reload')}
      </PlainButton>
      <PlainButton variant="ghost" onPress={() => setShown(false)}>
        {t('pwa.later')}
      </PlainButton>
    </div>
  );
}

/**
 * Around a lazy dialog or part, with its Suspense (nothing shows while the code loads): when its code cannot load,
 * the notice says so and the page goes on (the router's error page would take its place). `onFailed` closes the
 * dialog, which may then be asked for again; a part without it (a chart) stays away until the page is reloaded.
 * Any other error goes on to the page's boundary.
 */
export class LoadBoundary extends Component<{ children: ReactNode; onFailed?: () => void }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkLoadError(error)) return reportError(error, 'part');
    setShown(true);
    if (!this.props.onFailed) return;
    this.props.onFailed();
    this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (error === null) return <Suspense fallback={null}>{this.props.children}</Suspense>;
    if (!isChunkLoadError(error)) throw error;
    return null;
  }
}
