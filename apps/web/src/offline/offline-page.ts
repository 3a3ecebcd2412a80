/**
 * The offline page and the service worker that shows it (docs/decisions/063-offline.md), built by
 * the web build (vite.config.ts, `offlinePage`) from these sources and the five locales' texts.
 *
 * The worker caches only its own few files (the page, its style and script, the icon), never an
 * API answer nor the app's chunks; its name carries a hash of everything it serves, so a deploy
 * that changes any of it is a new worker that replaces the old cache, and one that does not is
 * byte-for-byte the same worker (the browser then changes nothing).
 */

/** The page's texts in one language, from its common translations (`offline.page`, `app.name`). */
export type OfflineTexts = { title: string; body: string; retry: string; appName: string };

/** The files the worker keeps, served from its cache only when the network gives no answer. */
export const offlineFiles = ['/offline.html', '/offline.css', '/offline.js', '/favicon.svg'] as const;

/** The prefix of the worker's cache names; every older cache with it is deleted on activation. */
export const offlineCachePrefix = 'orchard-offline-';

/** Paths a navigation may take that are the server's own pages, never the app's: no offline page for them. */
export const passThroughPrefixes = ['/api/', '/dev-idp', '/sandbox-pay'] as const;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page, in Korean (the default language) until its script picks the device's. No inline script or style (the CSP). */
export function offlineHtml(texts: OfflineTexts): string {
  return `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#ff7a1a" />
    <title>${escapeHtml(texts.title)} · ${escapeHtml(texts.appName)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/offline.css" />
    <script src="/offline.js" defer></script>
  </head>
  <body>
    <main class="offline">
      <img class="offline__mark" src="/favicon.svg" alt="" width="64" height="64" />
      <h1 class="offline__title" data-text="title">${escapeHtml(texts.title)}</h1>
      <p class="offline__body" data-text="body">${escapeHtml(texts.body)}</p>
      <button class="offline__retry" type="button" data-text="retry">${escapeHtml(texts.retry)}</button>
    </main>
  </body>
</html>
`;
}

/** The app's colours and type, written out: the page cannot load the app's stylesheets offline. */
export const offlineCss = `*{box-sizing:border-box}
html,body{margin:0;min-height:100%;background:#fffaf5;color:#1f1a17;font-family:system-ui,-apple-system,"Apple SD Gothic Neo","Noto Sans KR","Noto Sans JP","Noto Sans SC",sans-serif;-webkit-text-size-adjust:100%}
.offline{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;min-height:100vh;max-width:480px;margin:0 auto;padding:32px 24px;text-align:center}
.offline__mark{width:64px;height:64px}
.offline__title{margin:0;font-size:22px;font-weight:800;line-height:1.35}
.offline__body{margin:0;font-size:16px;line-height:1.6;color:#5c534d;word-break:keep-all;overflow-wrap:anywhere}
.offline__retry{min-height:48px;padding:0 28px;border:0;border-radius:999px;background:#ff7a1a;color:#1f1a17;font:inherit;font-weight:800;cursor:pointer}
.offline__retry:focus-visible{outline:3px solid #c2410c;outline-offset:3px}
`;

/**
 * The page's script: the texts in the device's language (the display cookie the app writes, else
 * the browser's language, else Korean), and a reload once the browser is online again or on "Try again".
 */
export function offlineScript(textsByLanguage: Record<string, OfflineTexts>): string {
  return `(function () {
  var texts = ${JSON.stringify(textsByLanguage)};
  function cookieLanguage() {
    var match = document.cookie.match(/(?:^|; )orchard-display=([a-z]{2})\\./);
    return match ? match[1] : null;
  }
  var browser = (navigator.language || '').slice(0, 2).toLowerCase();
  var language = [cookieLanguage(), browser, 'ko'].filter(function (code) { return code && texts[code]; })[0];
  document.documentElement.lang = language;
  var chosen = texts[language];
  Array.prototype.forEach.call(document.querySelectorAll('[data-text]'), function (element) {
    element.textContent = chosen[element.getAttribute('data-text')];
  });
  document.title = chosen.title + ' · ' + chosen.appName;
  function reload() { location.reload(); }
  document.querySelector('.offline__retry').addEventListener('click', reload);
  window.addEventListener('online', reload);
})();
`;
}

/**
 * The worker. Navigations go to the network (with navigation preload, so the worker's start-up
 * does not delay them, and each answered with its preloaded response, so none is requested twice);
 * only when no answer comes is the cached offline page shown, never for the server's own pages
 * (sign-in, checkout). Every other request, the API's included, is not touched, except the offline
 * page's own files.
 */
export function serviceWorkerScript(version: string): string {
  return `// Orchard's service worker (docs/decisions/063-offline.md), built by the web build. Version ${version}.
var cacheName = ${JSON.stringify(offlineCachePrefix + version)};
var offlineFiles = ${JSON.stringify(offlineFiles)};
var passThrough = ${JSON.stringify(passThroughPrefixes)};

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches.open(cacheName).then(function (cache) {
      return cache.addAll(offlineFiles.map(function (url) { return new Request(url, { cache: 'reload' }); }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(${JSON.stringify(offlineCachePrefix)}) === 0 && name !== cacheName;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () {
      return self.registration.navigationPreload ? self.registration.navigationPreload.enable() : undefined;
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every GET navigation is answered with its preloaded response: left to the browser, a
    // navigation the preload already requested would be requested a second time, and a one-time
    // address (the sign-in's resume, a payment's return) refuses the second.
    var serversOwn = passThrough.some(function (prefix) { return url.pathname.indexOf(prefix) === 0; });
    event.respondWith(
      Promise.resolve(event.preloadResponse).then(function (preloaded) {
        return preloaded || fetch(request);
      }).catch(function () {
        if (serversOwn) return Response.error();
        return caches.open(cacheName).then(function (cache) { return cache.match('/offline.html'); }).then(function (page) {
          return page || Response.error();
        });
      })
    );
    return;
  }
  if (offlineFiles.indexOf(url.pathname) !== -1) {
    event.respondWith(
      caches.open(cacheName).then(function (cache) { return cache.match(url.pathname); }).then(function (hit) {
        return hit || fetch(request);
      })
    );
  }
});
`;
}

/**
 * Every file the build writes for the offline page, the worker last: its version is a digest of
 * the others and of its own code, so it changes exactly when something it serves does.
 */
export function offlineBuildFiles(textsByLanguage: Record<string, OfflineTexts>, faviconSvg: string, digest: (content: string) => string): Record<string, string> {
  const defaultTexts = textsByLanguage.ko;
  if (!defaultTexts) throw new Error('The offline page needs its Korean texts (the default language).');
  const files: Record<string, string> = { 'offline.html': offlineHtml(defaultTexts), 'offline.css': offlineCss, 'offline.js': offlineScript(textsByLanguage) };
  const version = digest([serviceWorkerScript(''), ...Object.values(files), faviconSvg].join('\u0000')).slice(0, 16);
  return { ...files, 'sw.js': serviceWorkerScript(version) };
}
