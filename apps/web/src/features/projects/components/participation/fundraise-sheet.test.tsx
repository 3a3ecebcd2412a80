import type { Project } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { signedOutUserInfo, useUserInfoStore } from '../../../../lib/stores/user-info.ts';
import { projectFixture } from '../../../../test/fixtures/project.ts';
import { api, apiError, sentRequest } from '../../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { paths } from '../../../../lib/paths.ts';
import { FundraiseSheet } from './fundraise-sheet.tsx';
import { savedWayBack } from '../common/resume-after-charge.ts';

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

function renderSheet(project: Project, { available = 3_000, initialAmount }: { available?: number; initialAmount?: number } = {}) {
  renderWithProviders(<FundraiseSheet project={project} available={available} initialAmount={initialAmount} open onClose={() => {}} />);
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
    expect(within(sheet).getByText('This reaches the goal: we take just what is left, and funding closes.')).toBeTruthy();
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

  it('states one cap, the one the stepper stops at: the limit rounded down to the unit', async () => {
    // 165 left of the limit in steps of 10: the sheet says 160, and + stops there.
    const project = projectFixture({ purpose: 'ongoing', minimumUnit: 10, goal: 1_000, perUserLimit: 500, viewerContribution: 335 });
    mockParticipations(project, []);
    const user = userEvent.setup();
    const sheet = renderSheet(project, { initialAmount: 150 });
    expect(within(sheet).getByTestId('fundraise-cap').textContent).toBe('160 Orange');
    const more = within(sheet).getByRole('button', { name: 'More' });
    await user.click(more);
    expect([within(sheet).getByRole('button', { name: 'Put in 160 Orange' }), (more as HTMLButtonElement).disabled]).toEqual([expect.anything(), true]);
    expect(within(sheet).queryByText(/165/)).toBeNull();
  });

  it('on a limited project short of its goal, states what remains to it, not the larger limit', () => {
    // 230 short of the goal; 1,050 left of the fan's limit.
    const project = projectFixture({ minimumUnit: 10, raised: 9_770, viewerContribution: 3_950 });
    mockParticipations(project, []);
    const sheet = renderSheet(project, { initialAmount: 10_000 });
    expect(within(sheet).getByTestId('fundraise-cap').textContent).toBe('230 Orangewhat is left to the goal');
    expect(within(sheet).getByRole('button', { name: 'Put in 230 Orange' })).toBeTruthy();
    expect(within(sheet).queryByText(/1,050/)).toBeNull();
  });

  it('with too few points, says so before anything is sent and offers the charge, which keeps the amount for the way back', async () => {
    const project = projectFixture({ purpose: 'ongoing' });
    const writes = mockParticipations(project, []);
    const user = userEvent.setup();
    const sheet = renderSheet(project, { available: 0, initialAmount: 600 });
    expect(within(sheet).getByText('Not enough points. Charge and come back to join.')).toBeTruthy();
    expect((within(sheet).getByRole('button', { name: 'Put in 600 Orange' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(sheet).getByRole('link', { name: 'Charge' }));
    expect(savedWayBack()).toEqual({ to: 'project', path: paths.project(project.id), amount: 600 });
    expect(writes).toEqual([]);
  });

  it('with enough points for a smaller amount, lets the fan step down to it', async () => {
    const project = projectFixture({ purpose: 'ongoing' });
    mockParticipations(project, []);
    const user = userEvent.setup();
    const sheet = renderSheet(project, { available: 100, initialAmount: 200 });
    expect(within(sheet).getByRole('link', { name: 'Charge' })).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Less' }));
    expect((within(sheet).getByRole('button', { name: 'Put in 100 Orange' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(sheet).queryByRole('link', { name: 'Charge' })).toBeNull();
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
