import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/ui/toast.tsx';
import { api, apiError } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { useJoinDraftStore } from '../stores/join-draft.ts';
import { JoinFlow, type ArtistPickerSlot, type NicknameSlot } from './join-flow.tsx';

/** The picker slot as the route fills it, reduced to two artists. */
const picker: ArtistPickerSlot = ({ isSelected, onToggle }) => (
  <ul aria-label="Artists">
    {[1, 2].map((id) => (
      <li key={id}>
        <button type="button" aria-pressed={isSelected(id)} onClick={() => onToggle(id, !isSelected(id))}>
          {`artist ${id}`}
        </button>
      </li>
    ))}
  </ul>
);

/** The nickname slot as a fan who keeps the account's nickname fills it (the route's own test covers the field). */
const keptNickname: NicknameSlot = { field: null, take: () => undefined };

function renderJoin(joinState: 'agreements' | 'artists' = 'agreements', nickname: NicknameSlot = keptNickname) {
  const onAgreed = vi.fn();
  const onJoined = vi.fn();
  const view = renderWithProviders(<JoinFlow joinState={joinState} renderArtistPicker={picker} nickname={nickname} onAgreed={onAgreed} onJoined={onJoined} />, {
    path: '/join',
  });
  return { onAgreed, onJoined, view };
}

describe('join', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useJoinDraftStore.getState().reset();
  });

  it('keeps the ticks when the fan reads a term and comes back (docs/product.md#accounts)', async () => {
    const { view } = renderJoin();
    await userEvent.click(screen.getByText('Terms of service'));
    await userEvent.click(screen.getByText('Collection and use of personal information'));
    // Reading a term is another page: the step unmounts, and mounts again on the way back.
    view.unmount();
    renderJoin();
    expect(screen.getByRole('checkbox', { name: /^Terms of service/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Collection and use of personal information/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Processing of unique identification information/ })).not.toBeChecked();
  });

  it('step 1 needs the three required agreements; marketing is optional and sent as chosen', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/join/agreements'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ joinState: 'artists', termsVersion: '2026-11-01' });
      }),
    );
    const { onAgreed } = renderJoin();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await userEvent.click(screen.getByText('Terms of service'));
    await userEvent.click(screen.getByText('Collection and use of personal information'));
    expect(next).toBeDisabled();
    await userEvent.click(screen.getByText('Processing of unique identification information'));
    expect(next).toBeEnabled();
    await userEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'Choose your favourite artists' })).toBeInTheDocument();
    expect(onAgreed).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([{ service: true, privacy: true, uniqueIdentification: true, marketing: false }]);
  });

  it('step 2 counts the chosen artists in the page, not in the sticky footer, and completes with them', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/join/complete'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ joinState: 'joined', termsVersion: '2026-11-01' });
      }),
    );
    const { onJoined } = renderJoin('artists');
    const complete = screen.getByRole('button', { name: 'Complete sign-up' });
    const count = screen.getByTestId('join-selection');
    // Nothing red before the fan tried anything (docs/product.md#accounts).
    expect(count).toHaveTextContent('');
    // The sticky footer holds only its button: no text of it can lie over the last row of artists.
    const footer = complete.closest('.bottom-action')!;
    expect(footer.textContent).toBe('Complete sign-up');
    expect(footer).not.toContainElement(count);
    await userEvent.click(complete);
    expect(count).toHaveTextContent('Choose at least 1 artist.');
    expect(count).toHaveClass('join-artists__count--error');
    expect(bodies).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'artist 2' }));
    expect(count).toHaveTextContent('1 artist selected');
    await userEvent.click(complete);
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ artistIds: [2] }]);
  });

  it('sends the nickname the slot gives, and sends nothing while the slot holds the join back', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/join/complete'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ joinState: 'joined', termsVersion: '2026-11-01' });
      }),
    );
    let answer: string | null = null;
    const { onJoined } = renderJoin('artists', { field: null, take: () => answer });
    await userEvent.click(screen.getByRole('button', { name: 'artist 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    expect(bodies).toEqual([]);
    answer = 'berry.fan';
    await userEvent.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ artistIds: [1], nickname: 'berry.fan' }]);
  });

  it('a refused completion says why and stays on the step', async () => {
    server.use(http.post(api('/join/complete'), () => apiError(400, 'join.terms_missing')));
    const { onJoined } = renderJoin('artists');
    await userEvent.click(screen.getByRole('button', { name: 'artist 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    await vi.waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('Please agree to the terms first.'));
    expect(onJoined).not.toHaveBeenCalled();
  });
});
