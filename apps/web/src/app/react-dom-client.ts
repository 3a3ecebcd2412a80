/**
 * React DOM's client for `main.tsx`, from a module bundled into React's own chunk
 * (apps/web/vite.config.ts, `chunkGroups`). React ships as CommonJS, which the bundle runs only
 * when a module first imports it: importing it here runs React's set-up while React's chunk is
 * evaluated, in a task of its own, instead of inside the app's chunk (docs/quality.md#speed-web:
 * TBT; docs/decisions/044-web-main-thread-at-start.md).
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
