import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
let serverRenderInstant: number | null = null;

/**
 * The instant a page rendered on the server was rendered at (decision 113): set by the server's
 * render, and in the browser from the root's `data-rendered-at` before React hydrates it.
 */
export function setServerRenderInstant(instant: number | null): void {
  serverRenderInstant = instant;
}

/**
 * True while a render must match the server's (decision 113): on the server, and in the browser
 * while React hydrates a page the server sent. React renders again right after hydrating, with
 * false, so what only the device knows (its time zone, the present instant) comes in that render.
 */
export function useServerRender(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/**
 * The instant a page shows its times against (a D-day, time left): the server's render instant
 * while the render must match it, else now.
 */
export function useRenderInstant(): Date {
  const serverRender = useServerRender();
  return serverRender && serverRenderInstant !== null ? new Date(serverRenderInstant) : new Date();
}
