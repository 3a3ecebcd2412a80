/**
 * The XSS payloads every place that shows user text is tried with (docs/quality.md#s9): comments
 * and project titles in the browser (e2e/community.spec.ts), film titles (e2e/films.spec.ts), a shared link's server-rendered page
 * (src/landing-render.test.tsx). Each sets `window.__xss` or opens a dialog if it ever runs.
 */
const xssSeeds = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1">',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">x</a>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<video><source onerror="window.__xss=1"></video>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<object data="javascript:alert(1)">',
  '<embed src="javascript:alert(1)">',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '<style>@import "javascript:alert(1)";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<div style="background:url(javascript:alert(1))">',
];
/** 100 payloads: the seeds, and each again cased, entity-encoded, wrapped in text and split by a line break. */
export const xssPayloads = xssSeeds.flatMap((seed, index) => [
  seed,
  seed.toUpperCase().replace('WINDOW.__XSS', 'window.__xss'),
  seed.replace(/</g, '&lt;').replace(/>/g, '&gt;') + `<img src=x${index} onerror=alert(${index})>`,
  `text before ${seed} text after`,
  `${seed}\n<img src=y${index} onerror="window.__xss=${index}">`,
]);
