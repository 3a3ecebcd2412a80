import type { Project } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { signedOutUserInfo, useUserInfoStore } from '../../../../lib/stores/user-info.ts';
import { projectFixture } from '../../../../test/fixtures/project.ts';
import { api } from '../../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { ProjectStatusDetail } from './project-status-detail.tsx';

/** The creator's own project, as the API answers its creator. */
function creatorsProject(overrides: Partial<Project> = {}): Project {
  return projectFixture({ viewerIsCreator: true, viewerContribution: 500, ...overrides });
}

function renderStatus(project: Project) {
  server.use(http.get(api(`/projects/${project.id}`), () => HttpResponse.json({ project })));
  return renderWithProviders(<ProjectStatusDetail projectId={project.id} />);
}

const headline = () => screen.findByRole('heading', { level: 2 });

describe("the creator's status screen at every status (docs/architecture.md#lifecycle)", () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState({ ...signedOutUserInfo, id: 'creator-1', isActive: true });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-20T12:00:00+09:00') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('approved: states the creation deadline, and says when the funding end is what sets it (docs/product.md#creation)', async () => {
    // Approved on 20 December; funding ends on the 21st, before the 7-day window would.
    renderStatus(
      creatorsProject({ status: 'approved', createdAt: null, deposit: null, fundingEndDate: '2026-12-21', creationDeadline: '2026-12-21T14:59:59.999Z' }),
    );
    await headline();
    expect(screen.getByTestId('creation-deadline').textContent).toBe('Create it by December 21, 2026 at 23:59 (KST).');
    expect(screen.getByText("Funding ends that day, so the project can't be created after it.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create the project' }).getAttribute('href')).toBe('/create-project/42');
  });

  it('approved: a 7-day deadline before the funding end says nothing of the funding end', async () => {
    renderStatus(creatorsProject({ status: 'approved', createdAt: null, deposit: null, fundingEndDate: '2027-01-10', creationDeadline: '2026-12-27T14:59:59.999Z' }));
    await headline();
    expect(screen.getByTestId('creation-deadline').textContent).toBe('Create it by December 27, 2026 at 23:59 (KST).');
    expect(screen.queryByText(/Funding ends that day/)).toBeNull();
  });

  it('created: funding opens on its start day, with the deposit paid', async () => {
    renderStatus(creatorsProject({ status: 'created', fundingStartDate: '2026-12-24', raised: 500 }));
    expect((await headline()).textContent).toBe('Created: funding opens on December 24, 2026');
    expect(screen.getByText('Happy birthday LUMINA')).toBeTruthy();
    expect(screen.getByText('Deposit').nextElementSibling?.textContent).toBe('500 Orange');
    expect(screen.getByRole('link', { name: 'Go to the project' }).getAttribute('href')).toBe('/project/42');
  });

  it('funding: raised of the goal, the D-day and the closing moment, and the link to the page', async () => {
    renderStatus(creatorsProject({ status: 'funding' }));
    expect((await headline()).textContent).toBe('Funding is open');
    const progress = screen.getByRole('region', { name: 'Funding progress' });
    expect(within(progress).getByText('25% funded')).toBeTruthy();
    expect(within(progress).getByTestId('status-raised').textContent).toBe('2,500 Orange of 10,000 Orange');
    expect(within(progress).getByTestId('status-dday').textContent).toBe('D-3');
    expect(within(progress).getByText('3 participants')).toBeTruthy();
    expect(within(progress).getByTestId('project-closes').textContent).toContain('(KST)');
    expect(screen.getByRole('link', { name: 'Go to the project' }).getAttribute('href')).toBe('/project/42');
  });

  it('succeeded: the ad dates, and an operator may cancel until one month before the start', async () => {
    renderStatus(creatorsProject({ status: 'succeeded', raised: 10_000, adStartDate: '2027-03-31', adEndDate: '2027-04-06' }));
    expect((await headline()).textContent).toBe('Goal reached: your ad is going ahead');
    expect(screen.getByText('The ad runs from March 31, 2027 to April 6, 2027.')).toBeTruthy();
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getByTestId('status-cancellable').textContent).toMatch(/^Until February 28, 2027, one month before the ad starts, an operator may still cancel/);
    expect(within(next).getByText(/The points raised are held for the ad until it starts on March 31, 2027/)).toBeTruthy();
  });

  it('failed: every point returned, how many, and where the point history shows them', async () => {
    renderStatus(creatorsProject({ status: 'failed', raised: 2_500, participantCount: 3, viewerContribution: 700 }));
    expect((await headline()).textContent).toBe("The goal wasn't reached");
    expect(screen.getByText(/Funding closed at 2,500 Orange of 10,000 Orange/)).toBeTruthy();
    const returned = screen.getByRole('region', { name: 'Points returned' });
    expect(within(returned).getByText('To everyone').nextElementSibling?.textContent).toBe('2,500 Orange to 3 participants');
    expect(within(returned).getByText('To you').nextElementSibling?.textContent).toBe('700 Orange');
    expect(within(returned).getByText('They show in the point history as “Project not achieved”.')).toBeTruthy();
    expect(within(returned).getByRole('link', { name: 'Open the Orange point history' }).getAttribute('href')).toBe('/my-page/point-history/orange');
  });

  it("a failed event's Berry goes back, shown in the Berry history", async () => {
    renderStatus(creatorsProject({ status: 'failed', kind: 'event', currency: 'berry', deposit: null, raised: 130, participantCount: 1, viewerContribution: 0 }));
    const returned = await screen.findByRole('region', { name: 'Points returned' });
    expect(within(returned).getByText('To everyone').nextElementSibling?.textContent).toBe('130 Berry to 1 participant');
    expect(within(returned).getByText('They show in the point history as “Event not achieved”.')).toBeTruthy();
    expect(within(returned).getByRole('link', { name: 'Open the Berry point history' }).getAttribute('href')).toBe('/my-page/point-history/berry');
  });

  it("cancelled after creation: the operator's reason, as text, and the points returned", async () => {
    const reason = '<img src=x onerror=alert(1)> screen under repair';
    const { container } = renderStatus(creatorsProject({ status: 'cancelled', raised: 10_000, participantCount: 4, cancellationReason: reason }));
    expect((await headline()).textContent).toBe('Cancelled by an operator');
    expect(screen.getByTestId('cancellation-reason').textContent).toBe(`Operator's reason: ${reason}`);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Points returned' })).getByText('10,000 Orange to 4 participants')).toBeTruthy();
  });

  it('cancelled before creation keeps its own text', async () => {
    renderStatus(creatorsProject({ status: 'cancelled', createdAt: null, title: null, deposit: null }));
    expect((await headline()).textContent).toBe('Cancelled: not created in time');
    expect(screen.queryByRole('region', { name: 'Points returned' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to the project' })).toBeNull();
  });

  it('cancelled before creation names its real cause: the 7 days, or a funding end that came first', async () => {
    const view = renderStatus(creatorsProject({ status: 'cancelled', createdAt: null, title: null, deposit: null, fundingEndDate: '2026-12-21', creationDeadline: '2026-12-21T14:59:59.999Z' }));
    await headline();
    expect(screen.getByText('The funding end date passed before the project was created, so it was cancelled automatically.')).toBeTruthy();
    view.unmount();
    renderStatus(creatorsProject({ id: 43, status: 'cancelled', createdAt: null, title: null, deposit: null, fundingEndDate: '2027-01-10', creationDeadline: '2026-12-27T14:59:59.999Z' }));
    await headline();
    expect(screen.getByText("The project wasn't created within 7 days of approval, so it was cancelled automatically.")).toBeTruthy();
  });

  it('running: the ad is on air now, and photos follow within 3 days', async () => {
    renderStatus(creatorsProject({ status: 'running', raised: 10_000 }));
    expect((await headline()).textContent).toBe('Your ad is on air');
    expect(screen.getByText(/The ad runs from February 1, 2027 to February 7, 2027\. Photos of it will be posted on the project page within 3 days of the start/)).toBeTruthy();
  });

  it('awarded: the photos and the link to the page', async () => {
    renderStatus(creatorsProject({ status: 'awarded', raised: 10_000, photos: ['/api/files/a.webp', '/api/files/b.webp'] }));
    expect((await headline()).textContent).toBe('The ad ran: the photos are in');
    const photos = screen.getByRole('region', { name: 'Photos of the ad' });
    expect(within(photos).getAllByRole('img').map((image) => image.getAttribute('src'))).toEqual(['/api/files/a.webp', '/api/files/b.webp']);
    expect(screen.getByRole('link', { name: 'Go to the project' }).getAttribute('href')).toBe('/project/42');
  });

  it('someone other than the creator is sent to the project page', async () => {
    renderStatus(projectFixture({ status: 'failed', viewerIsCreator: false }));
    expect(await screen.findByText("This screen is for the project's creator.")).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Points returned' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the project' }).getAttribute('href')).toBe('/project/42');
  });
});
