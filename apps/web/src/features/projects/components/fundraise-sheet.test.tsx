import type { Project } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { signedOutUserInfo, useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { projectFixture } from '../../../test/fixtures/project.ts';
import { api, apiError, sentRequest } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { FundraiseSheet } from './fundraise-sheet.tsx';

type Write = { amount: number; key: string | null };

/** Answers the project's participations in turn with `answers`; records what each write sent. */
function mockParticipations(project: Project, answers: (() => Response)[]) {
  const writes: Write[] = [];
  server.use(
    http.post(api(`/projects/${project.id}/participations`), async ({ request }) => {
      const { body, headers } = await sentRequest(request);
      writes.push({ amount: (body as { amount: number }).amount, key: headers.get('Idempotency-Key') });
      return (answers[writes.length - 1] ?? (() => apiError(500, 'internal')))();
    }),
  );
  return writes;
}

function renderSheet(project: Project) {
  renderWithProviders(<FundraiseSheet project={project} available={3_000} open onClose={() => {}} />);
  return screen.getByRole('dialog', { name: 'Join this project' });
}

describe('the fundraise sheet (docs/product.md#participation)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState({ ...signedOutUserInfo, id: 'user-1', isActive: true });
  });

  it('at the cap, the button names the amount that will be taken, and the stepper stops at the step that reaches the goal', async () => {
    // 450 left to a limited goal with a unit of 100: the fan chooses 500, the project takes 450.
    const project = projectFixture({ raised: 9_550 });
    const writes = mockParticipations(project, [() => HttpResponse.json({ participation: { id: 9, amount: 450 }, project: { ...project, raised: 10_000, status: 'succeeded' } }, { status: 201 })]);
    const user = userEvent.setup();
    const sheet = renderSheet(project);
    const more = within(sheet).getByRole('button', { name: 'More' });
    for (let step = 0; step < 4; step += 1) await user.click(more);
    expect(within(sheet).getByText('500 Orange')).toBeTruthy();
    expect((more as HTMLButtonElement).disabled).toBe(true);
    expect(within(sheet).getByText(/Only 450 Orange is left to the goal/)).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: 'Put in 500 Orange' })).toBeNull();
    await user.click(within(sheet).getByRole('button', { name: 'Put in 450 Orange' }));
    // The amount sent is the chosen whole units; the server caps it at what remains.
    await vi.waitFor(() => expect(writes).toEqual([{ amount: 500, key: expect.any(String) }]));
  });

  it('offers no step past the most the fan may put in, rounded down to the unit', async () => {
    // 5,000 is the limit; 4,950 in already leaves 50, less than the unit of 100.
    const project = projectFixture({ viewerContribution: 4_850, purpose: 'ongoing' });
    mockParticipations(project, []);
    const user = userEvent.setup();
    const sheet = renderSheet(project);
    await user.click(within(sheet).getByRole('button', { name: 'More' }));
    expect(within(sheet).getByRole('button', { name: 'Put in 100 Orange' })).toBeTruthy();
  });

  it('keeps one Idempotency-Key per action: the same across retries of the same amount, a new one after a refusal or a new amount', async () => {
    const project = projectFixture({ purpose: 'ongoing' });
    const lost = () => apiError(503, 'internal');
    const insufficient = () => apiError(422, 'points.insufficient', { available: 0 });
    // Three lost answers (the automatic retries), then the fan's own retry is refused, then two more refusals.
    const writes = mockParticipations(project, [lost, lost, lost, insufficient, insufficient, insufficient]);
    // The lost answers are logged as server errors; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const sheet = renderSheet(project);
    const submit = () => user.click(within(sheet).getByRole('button', { name: /^Put in/ }));

    await submit();
    await vi.waitFor(() => expect(writes).toHaveLength(3), { timeout: 6_000 });
    await within(sheet).findByRole('alert');
    await submit();
    await vi.waitFor(() => expect(writes).toHaveLength(4));
    await within(sheet).findByText('Not enough points. Charge and come back to join.');
    await submit();
    await vi.waitFor(() => expect(writes).toHaveLength(5));
    await user.click(within(sheet).getByRole('button', { name: 'More' }));
    await submit();
    await vi.waitFor(() => expect(writes).toHaveLength(6));

    const [lostKey, , , retried, afterRefusal, newAmount] = writes.map((write) => write.key);
    // A lost answer may have been applied: every retry of it, automatic or the fan's, says so with the same key.
    expect(writes.slice(0, 4).map((write) => write.key)).toEqual([lostKey, lostKey, lostKey, lostKey]);
    expect(retried).toBe(lostKey);
    // A refusal is final and replays under its key: trying again is a new action with a new key.
    expect(afterRefusal).not.toBe(lostKey);
    expect(newAmount).not.toBe(afterRefusal);
    expect(writes.map((write) => write.amount)).toEqual([100, 100, 100, 100, 100, 200]);
  }, 15_000);
});
