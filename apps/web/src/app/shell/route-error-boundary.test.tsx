import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, OfflineChunkError, type PageModule } from '../lazy-page.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function Loaded() {
  return <p>the page</p>;
}

let online = true;
/** A chunk that arrives only while the browser is online, as `import()` does. */
const loadWhenOnline = vi.fn<() => Promise<PageModule>>(() => (online ? Promise.resolve({ default: Loaded }) : Promise.reject(new TypeError('Failed to fetch dynamically imported module'))));

function goOnline(value: boolean) {
  online = value;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

/** React itself reports every error a boundary catches; the boundary adds no "[page]" error of its own for being offline. */
function expectOnlyReactsReport() {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => expect(log.mock.calls.filter((call) => call[0] === '[page]')).toEqual([]);
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  loadWhenOnline.mockClear();
});

describe('a page that cannot load', () => {
  it('offline, shows the app\'s offline message; retry loads the page in place, without a reload', async () => {
    goOnline(false);
    const checkLog = expectOnlyReactsReport();
    const Page = lazyPage(loadWhenOnline);
    render(
      <RouteErrorBoundary resetKey="/film">
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("You're offline");
    goOnline(true);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
    checkLog();
  });

  it('comes back by itself when the browser is online again', async () => {
    goOnline(false);
    const checkLog = expectOnlyReactsReport();
    const Page = lazyPage(loadWhenOnline);
    render(
      <RouteErrorBoundary resetKey="/film">
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>,
    );
    await screen.findByRole('alert');
    goOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('the page')).toBeInTheDocument();
    checkLog();
  });

  it('loads the page at once when the connection came back before the offline message showed (no event to wait for)', async () => {
    goOnline(true);
    const checkLog = expectOnlyReactsReport();
    // The chunk failed offline; any render after the offline message is on screen is the retry.
    function FailsOnceOffline() {
      if (!document.querySelector('[role="alert"]')) throw new OfflineChunkError(new TypeError('Failed to fetch dynamically imported module'));
      return <Loaded />;
    }
    render(
      <RouteErrorBoundary resetKey="/film">
        <FailsOnceOffline />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByText('the page')).toBeInTheDocument();
    checkLog();
  });
});
