import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setBrowserOnline } from '../../test/offline.ts';
import { OfflineBanner } from './offline-banner.tsx';

describe('the offline banner (docs/decisions/063-offline.md)', () => {
  afterEach(() => setBrowserOnline(true));

  it('appears when the browser goes offline, says what still works, and leaves when it is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => setBrowserOnline(false));
    expect(screen.getByRole('status').textContent).toContain("You're offline");
    expect(screen.getByRole('status').textContent).toContain('Joining, charging and other changes need a connection.');
    act(() => setBrowserOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
