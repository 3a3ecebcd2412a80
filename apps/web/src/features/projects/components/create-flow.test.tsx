import type { Project } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../../test/fixtures/project.ts';
import { api, apiError, sentRequest, type SentRequest } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { emptyCreationDraft, useCreationDraftStore } from '../stores/creation-draft.ts';
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

  it('the email field says "Invalid email format." and then "Valid email format."', async () => {
    mockApi({ ...approved, thumbnailUrl: '/api/files/t.jpg' });
    useCreationDraftStore.setState({ ...emptyCreationDraft, projectId: 42, step: 5, minimumUnit: '100', title: 'Birthday', introduction: 'Hi' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 1000 }} />);
    await userEvent.type(await screen.findByLabelText('Your X ID'), '@fan_01');
    await userEvent.type(screen.getByLabelText('Email'), 'fan@example');
    expect(screen.getAllByText('Invalid email format.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Email'), '.com');
    expect(screen.getByText('Valid email format.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });

  it('a deposit below 5 % of the goal is refused; not enough Orange offers to charge and comes back here', async () => {
    const writes = mockApi({ ...approved, thumbnailUrl: '/api/files/t.jpg' }, () => apiError(422, 'points.insufficient'));
    useCreationDraftStore.setState({
      ...emptyCreationDraft,
      projectId: 42,
      step: 6,
      minimumUnit: '100',
      title: 'Birthday',
      introduction: 'Hi',
      creatorXId: 'fan_01',
      creatorEmail: 'fan@example.com',
    });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 300 }} />);
    const deposit = await screen.findByLabelText('Deposit (Orange)');
    await userEvent.type(deposit, '499');
    expect(screen.getByRole('button', { name: 'Pay the deposit and create' }).hasAttribute('disabled')).toBe(true);
    await userEvent.clear(deposit);
    await userEvent.type(deposit, '500');
    expect(screen.getByRole('link', { name: 'Charge Orange' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay the deposit and create' }));
    const { url, body } = await vi.waitFor(() => {
      const post = writes.find((write) => write.method === 'POST');
      if (!post) throw new Error('the creation has not been sent yet');
      return post;
    });
    expect(url).toBe('/api/projects/42/creation?lang=en');
    expect(body).toMatchObject({ minimumUnit: 100, deposit: 500, creatorXId: 'fan_01', creatorEmail: 'fan@example.com' });
    await userEvent.click(screen.getAllByRole('link', { name: 'Charge Orange' })[0]!);
    expect(sessionStorage.getItem('orchard:resume-after-charge')).toBe('/create-project/42');
    expect(screen.getByTestId('location').textContent).toBe('/my-page/point-charge');
  });
});
