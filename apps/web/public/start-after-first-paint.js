// Starts the app once the browser has painted the prerendered first screen
// (docs/decisions/012-prerendered-first-paint.md): the entry, React and the landing page's chunks are
// fetched after that first paint, all at once, so no script competes with or holds back the paint.
(function () {
  var script = document.currentScript;
  var modules = ((script && script.getAttribute('data-modules')) || '').split(' ').filter(Boolean);
  if (modules.length === 0) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function preloadModule(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  // One module per task (React first, then the entry that imports it), so none is a long task.
  function importInTurn(index) {
    return import(modules[index]).then(function () {
      if (index + 1 >= modules.length) return undefined;
      return new Promise(function (resolve) {
        setTimeout(resolve, 0);
      }).then(function () {
        return importInTurn(index + 1);
      });
    });
  }
  // One link per task, in the order they are needed: each starts a download, and inserting them
  // all in one go made a long task of its own (docs/decisions/044-web-main-thread-at-start.md).
  function preloadInTurn(hrefs, index) {
    if (index >= hrefs.length) return;
    preloadModule(hrefs[index]);
    setTimeout(function () {
      preloadInTurn(hrefs, index + 1);
    }, 0);
  }
  function start() {
    if (started) return;
    started = true;
    preloadInTurn(modules.concat(preload), 0);
    importInTurn(0).catch(function (error) {
      // As for a lazy page (app/lazy-page.ts): a new deployment replaced the file, so reload, once
      // per deployment (named by the entry's hashed URL). Offline, a reload would only trade the
      // prerendered screen for the browser's error page: wait for the connection instead.
      if (!navigator.onLine) {
        window.addEventListener('online', function () {
          location.reload();
        }, { once: true });
        return;
      }
      var marker = 'orchard:chunk-reload';
      var deployment = modules[modules.length - 1];
      if (sessionStorage.getItem(marker) !== deployment) {
        sessionStorage.setItem(marker, deployment);
        location.reload();
      } else {
        throw error;
      }
    });
  }
  // The paint entry arrives once the first frame has been presented; a browser without paint
  // timing, or a tab opened in the background (which paints nothing until shown), starts anyway.
  if (typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    start();
  }
  setTimeout(start, 1000);
})();
