import type { Project, ProjectProof, ProofRecord } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { signedOutUserInfo, useUserInfoStore } from '../../../../lib/stores/user-info.ts';
import { projectFixture } from '../../../../test/fixtures/project.ts';
import { api, apiError, sentRequest } from '../../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { ProjectPage } from './project-page.tsx';

type Write = { url: string; body: unknown; key: string | null };

function mockApi(project: Project, answerWrite: (write: Write) => Response) {
  const writes: Write[] = [];
  server.use(
    http.get(api(`/projects/${project.id}`), () => HttpResponse.json({ project })),
    http.get(api(`/projects/${project.id}/proof`), () =>
      HttpResponse.json({ dueAt: '2026-12-23T14:59:59.999Z', status: 'due', bookedCount: 1, provenCount: 0, media: [], chain: { length: 0, head: null, valid: true } }),
    ),
    http.get(api(`/projects/${project.id}/participations`), () =>
      HttpResponse.json({ items: [{ id: 1, nickname: 'topfan', profileImageUrl: null, amount: 1_200, participatedAt: '2026-12-02T01:00:00.000Z' }], nextCursor: null }),
    ),
    http.post(api(`/projects/${project.id}/participations`), async ({ request }) => {
      const { url, body, headers } = await sentRequest(request);
      const write = { url, body, key: headers.get('Idempotency-Key') };
      writes.push(write);
      return answerWrite(write);
    }),
  );
  return writes;
}

describe('the project page (docs/product.md#participation)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState({ ...signedOutUserInfo, id: 'user-1', isActive: true });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-20T12:00:00+09:00') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows progress, participants and the D-day in KST', async () => {
    mockApi(projectFixture(), () => apiError(500, 'internal'));
    renderWithProviders(<ProjectPage project={projectFixture()} />);
    expect(await screen.findByText('25% funded')).toBeTruthy();
    expect(screen.getByText('2,500 Orange of 10,000 Orange')).toBeTruthy();
    expect(screen.getByText('3 participants')).toBeTruthy();
    expect(screen.getByTestId('project-dday').textContent).toBe('D-3');
    expect(screen.getByTestId('project-closes').textContent).toContain('(KST)');
  });

  it('joins in steps of the unit with an idempotency key, and shows the amount taken', async () => {
    const project = projectFixture();
    const writes = mockApi(project, () => HttpResponse.json({ participation: { id: 9, amount: 200 }, project: { ...project, raised: 2_700, viewerContribution: 200 } }, { status: 201 }));
    const user = userEvent.setup({ advanceTimers: () => {} });
    renderWithProviders(<ProjectPage project={project} slots={{ balances: { orange: 3_000, berry: 130 } }} />);
    await user.click(await screen.findByRole('button', { name: 'Fundraise' }));
    const sheet = await screen.findByRole('dialog', { name: 'Join this project' });
    expect(await within(sheet).findByText('3,000 Orange')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'More' }));
    await user.click(within(sheet).getByRole('button', { name: 'Put in 200 Orange' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ url: '/api/projects/42/participations?lang=en', body: { amount: 200 } });
    expect(writes[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('warns that a limited project near its goal takes only what remains', async () => {
    const project = projectFixture({ raised: 9_950 });
    mockApi(project, () => apiError(500, 'internal'));
    const user = userEvent.setup({ advanceTimers: () => {} });
    renderWithProviders(<ProjectPage project={project} slots={{ balances: { orange: 3_000, berry: 130 } }} />);
    await user.click(await screen.findByRole('button', { name: 'Fundraise' }));
    expect(await screen.findByText('This reaches the goal: we take just what is left, and funding closes.')).toBeTruthy();
    expect(screen.getByTestId('fundraise-cap').textContent).toBe('50 Orangewhat is left to the goal');
  });

  it('offers to charge when points run short, coming back to the project', async () => {
    const project = projectFixture();
    mockApi(project, () => apiError(422, 'points.insufficient', { available: 0 }));
    const user = userEvent.setup({ advanceTimers: () => {} });
    renderWithProviders(<ProjectPage project={project} slots={{ balances: { orange: 3_000, berry: 130 } }} />);
    await user.click(await screen.findByRole('button', { name: 'Fundraise' }));
    await user.click(await screen.findByRole('button', { name: 'Put in 100 Orange' }));
    const charge = await screen.findByRole('link', { name: 'Charge' });
    expect(charge.getAttribute('href')).toBe('/my-page/point-charge');
    await user.click(charge);
    expect(sessionStorage.getItem('orchard:resume-after-charge')).toBe('/project/42');
  });

  it('back from the charge the sheet sent the fan to, the sheet is open again at the amount chosen (issue 32, item 10)', async () => {
    const project = projectFixture({ purpose: 'ongoing' });
    mockApi(project, () => apiError(500, 'internal'));
    renderWithProviders(<ProjectPage project={project} slots={{ balances: { orange: 3_000, berry: 130 } }} />, { path: '/project/42', state: { fundraiseAmount: 600 } });
    const sheet = await screen.findByRole('dialog', { name: 'Join this project' });
    expect(within(sheet).getByRole('button', { name: 'Put in 600 Orange' })).toBeEnabled();
  });

  it('an event short of Berry says to exchange and opens the exchange tab, coming back to the event (docs/product.md#screens)', async () => {
    const event = projectFixture({ currency: 'berry' });
    mockApi(event, () => apiError(422, 'points.insufficient', { available: 0 }));
    const user = userEvent.setup({ advanceTimers: () => {} });
    renderWithProviders(<ProjectPage project={event} slots={{ balances: { orange: 3_000, berry: 0 } }} />);
    await user.click(await screen.findByRole('button', { name: 'Fundraise' }));
    // Known short before anything is sent.
    expect(await screen.findByRole('button', { name: /^Put in / })).toBeDisabled();
    expect(await screen.findByText('Not enough Berry. Exchange Orange for Berry and come back to join.')).toBeInTheDocument();
    expect(screen.queryByText(/Charge and come back/)).toBeNull();
    const exchange = screen.getByRole('link', { name: 'Exchange for Berry' });
    expect(exchange.getAttribute('href')).toBe('/my-page/point-charge?tab=exchange');
    await user.click(exchange);
    expect(sessionStorage.getItem('orchard:resume-after-charge')).toBe('/project/42');
  });

  it('a user at the per-person limit cannot open a participation', async () => {
    const project = projectFixture({ viewerContribution: 5_000 });
    mockApi(project, () => apiError(500, 'internal'));
    const user = userEvent.setup({ advanceTimers: () => {} });
    renderWithProviders(<ProjectPage project={project} slots={{ balances: { orange: 3_000, berry: 130 } }} />);
    await user.click(await screen.findByRole('button', { name: 'Fundraise' }));
    expect(await screen.findByText(/You've reached the most one person can put into this project/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Put in/ })).toBeNull();
  });

  it('signed out, fundraising leads to login and back', async () => {
    useUserInfoStore.setState(signedOutUserInfo);
    mockApi(projectFixture(), () => apiError(500, 'internal'));
    renderWithProviders(<ProjectPage project={projectFixture()} />);
    expect((await screen.findByRole('link', { name: 'Log in to fundraise' })).getAttribute('href')).toBe('/login?next=%2Fproject%2F42');
  });

  it.each([
    ['failed', 'The goal wasn\'t reached. Every point has gone back to its participants.'],
    ['succeeded', 'The goal was reached! The ad starts on'],
    ['running', 'The ad is running until'],
  ] as const)('a %s project says so and offers no fundraising', async (status, text) => {
    mockApi(projectFixture({ status }), () => apiError(500, 'internal'));
    renderWithProviders(<ProjectPage project={projectFixture({ status })} />);
    expect(await screen.findByText(new RegExp(text.replace(/[.!?()]/g, '\\$&')))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fundraise' })).toBeNull();
  });

  it('a cancelled project shows the operator\'s reason as text', async () => {
    const reason = '<img src=x onerror=alert(1)> media unavailable';
    mockApi(projectFixture({ status: 'cancelled', cancellationReason: reason }), () => apiError(500, 'internal'));
    const { container } = renderWithProviders(<ProjectPage project={projectFixture({ status: 'cancelled', cancellationReason: reason })} />);
    expect(await screen.findByText(new RegExp('media unavailable'))).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('a hidden project is an empty notice for fans, and marked but whole for operators', async () => {
    const project = projectFixture({ hidden: true, title: 'Reported title' });
    mockApi(project, () => apiError(500, 'internal'));
    const fan = renderWithProviders(<ProjectPage project={{ ...project, title: null }} />);
    expect(await screen.findByText('This project has been hidden after a report.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reported title' })).toBeNull();
    fan.unmount();
    renderWithProviders(<ProjectPage project={project} slots={{ viewerIsOperator: true }} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Hidden after a report: only operators see this project.');
    expect(screen.getByRole('heading', { name: 'Reported title' })).toBeTruthy();
  });

  it('a running project shows how many media are proven, the due time in KST, each proof with its place, and how to check a file', async () => {
    const project = projectFixture({ status: 'running' });
    mockApi(project, () => apiError(500, 'internal'));
    const record = (id: number, mediaId: number, overrides: Partial<ProofRecord> = {}): ProofRecord => ({
      id, mediaId, kind: 'photo', url: `/api/files/project-proofs/${id}.webp`, capturedAt: '2026-12-20T01:00:00.000Z', capturedAtSource: 'exif',
      latitude: 37.5, longitude: 127, distanceMeters: 1_520, farFromMedium: true, sha256: 'a'.repeat(64), previousHash: null, recordHash: 'b'.repeat(64),
      postedAt: '2026-12-20T02:00:00.000Z', operator: 'ops', withdraws: null, reason: null, withdrawn: false, ...overrides,
    });
    const proof: ProjectProof = {
      dueAt: '2026-12-23T14:59:59.999Z', status: 'due', bookedCount: 2, provenCount: 1,
      media: [
        { mediaId: 1, name: 'Gangnam station board', latitude: 37.5, longitude: 127, status: 'proven', proofs: [record(1, 1)] },
        { mediaId: 2, name: 'Bus 470', latitude: 37.5, longitude: 127, status: 'due', proofs: [record(2, 2, { withdrawn: true, url: null }), record(3, 2, { withdraws: 2, reason: 'Wrong bus', url: null, sha256: null, capturedAt: null, capturedAtSource: null, distanceMeters: null, farFromMedium: false })] },
      ],
      chain: { length: 3, head: 'b'.repeat(64), valid: true },
    };
    server.use(http.get(api(`/projects/${project.id}/proof`), () => HttpResponse.json(proof)));
    renderWithProviders(<ProjectPage project={project} />);
    expect((await screen.findByTestId('proof-count')).textContent).toContain('1 of 2 media proven');
    const section = screen.getByTestId('proof-section');
    expect(section.textContent).toContain('Due December 23, 2026 at 23:59 (KST)');
    expect(within(section).getByRole('img', { name: /^Proof photo taken/ }).getAttribute('src')).toBe('/api/files/project-proofs/1.webp');
    expect(section.textContent).toContain('1,520 m from the medium');
    expect(section.textContent).toContain('Over 1 km from the medium');
    expect(section.textContent).toContain('Wrong bus');
    expect(section.textContent).toContain('Withdrawn');
    expect(section.textContent).toContain('SHA-256 ' + 'a'.repeat(64));
    expect(screen.getByTestId('proof-chain').textContent).toContain('All 3 records verify');
    expect(section.textContent).toContain('shasum -a 256');
  });

  it('says when the proof chain does not verify, and shows no proof section before the ad runs', async () => {
    const running = projectFixture({ status: 'running' });
    mockApi(running, () => apiError(500, 'internal'));
    server.use(http.get(api(`/projects/${running.id}/proof`), () => HttpResponse.json({ dueAt: '2026-12-23T14:59:59.999Z', status: 'overdue', bookedCount: 1, provenCount: 0, media: [], chain: { length: 2, head: 'c', valid: false } })));
    const { unmount } = renderWithProviders(<ProjectPage project={running} />);
    expect((await screen.findByTestId('proof-chain')).textContent).toContain('does not verify');
    unmount();
    renderWithProviders(<ProjectPage project={projectFixture()} />);
    await screen.findByText('25% funded');
    expect(screen.queryByTestId('proof-section')).toBeNull();
  });

  it("the creator finds the project's status screen; other viewers don't", async () => {
    const project = projectFixture({ status: 'failed', viewerIsCreator: true });
    mockApi(project, () => apiError(500, 'internal'));
    const { unmount } = renderWithProviders(<ProjectPage project={project} />);
    expect((await screen.findByRole('link', { name: "Your project's status and next steps" })).getAttribute('href')).toBe('/my-page/project-info-detail/failed/42');
    unmount();
    renderWithProviders(<ProjectPage project={{ ...project, viewerIsCreator: false }} />);
    await screen.findByRole('heading', { name: 'Happy birthday LUMINA' });
    expect(screen.queryByRole('link', { name: "Your project's status and next steps" })).toBeNull();
  });

  it('the participants tab lists the top funders and links to all of them', async () => {
    mockApi(projectFixture(), () => apiError(500, 'internal'));
    const user = userEvent.setup({ advanceTimers: () => {} });
    renderWithProviders(<ProjectPage project={projectFixture()} />);
    await user.click(await screen.findByRole('tab', { name: 'Participants' }));
    expect(await screen.findByText('topfan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all participants' }).getAttribute('href')).toBe('/funding-list/42');
  });

  it('loads nothing from YouTube until the video is tapped', async () => {
    const project = projectFixture({ youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    mockApi(project, () => apiError(500, 'internal'));
    const user = userEvent.setup({ advanceTimers: () => {} });
    const { container } = renderWithProviders(<ProjectPage project={project} slots={{ balances: { orange: 3_000, berry: 130 } }} />);
    await user.click(await screen.findByRole('button', { name: /Play the video/ }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  });
});
