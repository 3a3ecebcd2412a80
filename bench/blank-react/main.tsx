import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The baseline of docs/quality.md#speed-web: React 19 rendering one line of text, nothing else.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <p>Blank React page</p>
  </StrictMode>,
);
