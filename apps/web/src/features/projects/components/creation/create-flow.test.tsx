import type { Project } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../../../test/fixtures/project.ts';
import { api, apiError, sentRequest, type SentRequest } from '../../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { emptyCreationDraft, useCreationDraftStore } from '../../stores/creation-draft.ts';
import { CreateFlow } from './create-flow.tsx';

const approved: Project = projectFixture({
  status: 'approved',
  raised: 0,
  packageId: 'basic',
  adStartDate: '2026-06-01',
  adEndDate: '2026-06-07',
  fundingStartDate: '2026-04-01',
  fundingEndDate: '2026-04-22',
  minimumUnit: null,
  title: null,
  introduction: null,
  creatorXId: null,
  creatorEmail: null,
  requestedAt: '2026-03-01T00:00:00.000Z',
  approvedAt: '2026-03-02T00:00:00.000Z',
  creationDeadline: '2099-03-09T14:59:59.999Z',
  createdAt: null,
  deposit: null,
  viewerIsCreator: true,
  participantCount: 0,
  closesAt: null,
});

/** The project as the API answers it; every write (the thumbnail upload, the creation) is recorded and answered by `answerWrite`. */
function mockApi(project: Project, answerWrite: () => Response = () => apiError(500, 'internal')) {
  const writes: SentRequest[] = [];
  const write: HttpResponseResolver = async ({ request }) => {
    writes.push(await sentRequest(request));
    return answerWrite();
  };
  server.use(
    http.get(api(`/projects/${project.id}`), () => HttpResponse.json({ project })),
    http.put(api(`/projects/${project.id}/thumbnail`), write),
    http.post(api(`/projects/${project.id}/creation`), write),
  );
  return writes;
}

/** The browser's Back, as the header's back arrow also does it (navigate(-1)). */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      browser back
    </button>
  );
}

describe('creation flow', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useCreationDraftStore.setState(emptyCreationDraft);
  });

  it('refuses a file that is not a picture before anything is uploaded', async () => {
    const writes = mockApi(approved);
    useCreationDraftStore.setState({ ...emptyCreationDraft, projectId: 42, step: 3, minimumUnit: '100', title: 'Birthday' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 1000 }} />);
    expect(await screen.findByRole('heading', { name: 'Thumbnail' })).toBeTruthy();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'x.svg', { type: 'image/svg+xml' });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Choose a picture'), svg);
    expect(await screen.findByText('Only image files (JPEG, PNG or WebP) can be used.')).toBeTruthy();
    expect(writes.some((write) => write.method === 'PUT')).toBe(false);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('a restored draft without its thumbnail resumes at the thumbnail step', async () => {
    mockApi(approved);
    useCreationDraftStore.setState({ ...emptyCreationDraft, projectId: 42, step: 5, minimumUnit: '100', title: 'Birthday', introduction: 'Hi' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 1000 }} />);
    expect(await screen.findByRole('heading', { name: 'Thumbnail' })).toBeTruthy();
  });

  it('the email field says "Invalid email format." and then "Valid email format.", each printed once', async () => {
    mockApi({ ...approved, thumbnailUrl: '/api/files/t.jpg' });
    useCreationDraftStore.setState({ ...emptyCreationDraft, projectId: 42, step: 5, minimumUnit: '100', title: 'Birthday', introduction: 'Hi' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 1000 }} />);
    await userEvent.type(await screen.findByLabelText('Your X ID'), '@fan_01');
    expect(screen.getByText('Enter your email.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'fan@example');
    expect(screen.getAllByText('Invalid email format.')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Email'), '.com');
    expect(screen.getByText('Valid email format.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });

  const atDeposit = { ...emptyCreationDraft, projectId: 42, step: 6, minimumUnit: '100', title: 'Birthday', introduction: 'Hi', creatorXId: 'fan_01', creatorEmail: 'fan@example.com' };

  it('the deposit step shows both bounds; below, above or off the unit is said once, under the field (docs/product.md#deposit)', async () => {
    mockApi({ ...approved, thumbnailUrl: '/api/files/t.jpg' });
    useCreationDraftStore.setState(atDeposit);
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 100_000 }} />);
    // A 10,000 goal with a unit of 100: 500 to 5,000.
    expect((await screen.findByTestId('deposit-minimum')).textContent).toBe('500 Orange');
    expect(screen.getByTestId('deposit-maximum').textContent).toBe('5,000 Orange');
    const deposit = screen.getByLabelText('Deposit (Orange)');
    const create = screen.getByRole('button', { name: 'Pay the deposit and create' });
    // Below the minimum deposit yet not below the unit: the minimum deposit and the unit are named (issue 32, item 11).
    await userEvent.type(deposit, '499');
    expect(screen.getAllByText('The minimum deposit is 500 Orange, in whole units of 100 Orange.')).toHaveLength(1);
    expect(screen.queryByText(/lower than the minimum deposit unit/)).toBeNull();
    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(deposit);
    await userEvent.type(deposit, '50');
    expect(screen.getAllByText(/lower than the minimum deposit unit/)).toHaveLength(1);
    await userEvent.clear(deposit);
    await userEvent.type(deposit, '5100');
    expect(screen.getAllByText("That's more than the maximum deposit of 5,000 Orange.")).toHaveLength(1);
    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(deposit);
    await userEvent.type(deposit, '550');
    expect(screen.getAllByText('Enter the deposit in whole units of 100 Orange.')).toHaveLength(1);
    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Use the maximum' }));
    expect((deposit as HTMLInputElement).value).toBe('5000');
    expect(create.hasAttribute('disabled')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Use the minimum' }));
    expect((deposit as HTMLInputElement).value).toBe('500');
  });

  it('a unit above half the goal is refused before the deposit step, naming the range', async () => {
    mockApi({ ...approved, goal: 1_050, thumbnailUrl: '/api/files/t.jpg' });
    useCreationDraftStore.setState({ ...emptyCreationDraft, projectId: 42, step: 1, minimumUnit: '600' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 1000 }} />);
    expect(await screen.findByText('Enter a whole number from 10 to 525.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('short of Orange, the deposit button is disabled, says why once and offers to charge, coming back here', async () => {
    const writes = mockApi({ ...approved, thumbnailUrl: '/api/files/t.jpg' });
    useCreationDraftStore.setState({ ...atDeposit, deposit: '500' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 300 }} />);
    const create = await screen.findByRole('button', { name: 'Pay the deposit and create' });
    expect(create.hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText("You don't have enough Orange for this deposit. Please charge and come back.")).toHaveLength(1);
    await userEvent.click(create);
    expect(writes.some((write) => write.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Charge Orange' }));
    expect(sessionStorage.getItem('orchard:resume-after-charge')).toBe('/create-project/42');
    expect(screen.getByTestId('location').textContent).toBe('/my-page/point-charge');
  });

  it('when only the server knows the balance is short, its refusal offers to charge, once', async () => {
    const writes = mockApi({ ...approved, thumbnailUrl: '/api/files/t.jpg' }, () => apiError(422, 'points.insufficient'));
    useCreationDraftStore.setState({ ...atDeposit, deposit: '500' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: undefined }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay the deposit and create' }));
    const { url, body } = await vi.waitFor(() => {
      const post = writes.find((write) => write.method === 'POST');
      if (!post) throw new Error('the creation has not been sent yet');
      return post;
    });
    expect(url).toBe('/api/projects/42/creation?lang=en');
    expect(body).toMatchObject({ minimumUnit: 100, deposit: 500, creatorXId: 'fan_01', creatorEmail: 'fan@example.com' });
    expect(await screen.findAllByRole('link', { name: 'Charge Orange' })).toHaveLength(1);
  });

  it('the success page offers the project page\'s Share', async () => {
    const created = { ...approved, status: 'funding' as const, title: 'Birthday', createdAt: '2026-03-03T00:00:00.000Z', deposit: 500 };
    mockApi({ ...approved, thumbnailUrl: '/api/files/t.jpg' }, () => HttpResponse.json({ project: created }, { status: 201 }));
    useCreationDraftStore.setState({ ...atDeposit, deposit: '500' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 1_000 }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay the deposit and create' }));
    expect(await screen.findByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the project' }).getAttribute('href')).toBe('/project/42');
  });

  it('re-entered at a later step, says so and walks Back one step at a time, as the request does (docs/product.md#requests)', async () => {
    mockApi({ ...approved, thumbnailUrl: '/uploads/t.webp' });
    useCreationDraftStore.setState({ ...emptyCreationDraft, projectId: 42, step: 2, minimumUnit: '100', title: 'Birthday' });
    renderWithProviders(
      <>
        <CreateFlow projectId={42} slots={{ orangeAvailable: 1000 }} />
        <BrowserBack />
      </>,
      { path: '/create-project/42' },
    );
    expect(await screen.findByRole('heading', { name: 'Title' })).toBeTruthy();
    expect(screen.getByRole('status')).toHaveTextContent('Continuing your project where you left off.');
    await userEvent.click(screen.getByRole('button', { name: 'browser back' }));
    expect(await screen.findByRole('heading', { name: 'Minimum deposit unit' })).toBeTruthy();
    expect(useCreationDraftStore.getState().step).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Title' })).toBeTruthy();
    expect(screen.getByTestId('location')).toHaveTextContent('/create-project/42?step=3');
  });
});
