import type { Project } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { errorResponse, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { emptyCreationDraft, useCreationDraftStore } from '../stores/creation-draft.ts';
import { CreateFlow } from './create-flow.tsx';

const approved: Project = {
  id: 42,
  status: 'approved',
  goal: 10_000,
  raised: 0,
  artistId: 7,
  artistNames: { ko: '아티스트', en: 'Artist', zh: 'Artist', ja: 'Artist', es: 'Artist' },
  purpose: 'limited',
  option: 'image',
  packageId: 'basic',
  adStartDate: '2026-06-01',
  adEndDate: '2026-06-07',
  fundingStartDate: '2026-04-01',
  fundingEndDate: '2026-04-22',
  minimumUnit: null,
  title: null,
  introduction: null,
  thumbnailUrl: null,
  youtubeUrl: null,
  xUrl: null,
  creatorXId: null,
  creatorEmail: null,
  creator: { nickname: 'fan' },
  media: [],
  rejectionReason: null,
  requestedAt: '2026-03-01T00:00:00.000Z',
  approvedAt: '2026-03-02T00:00:00.000Z',
  creationDeadline: '2099-03-09T14:59:59.999Z',
  createdAt: null,
  deposit: null,
  viewerIsCreator: true,
  likeCount: 0,
  viewerLiked: false,
  commentCount: 0,
  hidden: false,
} as Project;

function mockApi(project: Project, onWrite: (url: string, init: RequestInit) => Response = () => errorResponse(500, 'internal')) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method && init.method !== 'GET') return onWrite(url, init);
    if (url.startsWith(`/api/projects/${project.id}`)) return jsonResponse({ project });
    return errorResponse(404, 'not_found');
  });
}

describe('creation flow', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useCreationDraftStore.setState(emptyCreationDraft);
  });

  it('refuses a file that is not a picture before anything is uploaded', async () => {
    const fetchMock = mockApi(approved);
    useCreationDraftStore.setState({ ...emptyCreationDraft, projectId: 42, step: 3, minimumUnit: '100', title: 'Birthday' });
    renderWithProviders(<CreateFlow projectId={42} slots={{ orangeAvailable: 1000 }} />);
    expect(await screen.findByRole('heading', { name: 'Thumbnail' })).toBeTruthy();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'x.svg', { type: 'image/svg+xml' });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Choose a picture'), svg);
    expect(await screen.findByText('Only image files (JPEG, PNG or WebP) can be used.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
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
    const fetchMock = mockApi({ ...approved, thumbnailUrl: '/api/files/t.jpg' }, () => errorResponse(422, 'points.insufficient'));
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
    const [url, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'POST') as [string, RequestInit];
    expect(url).toBe('/api/projects/42/creation');
    expect(JSON.parse(String(init.body))).toMatchObject({ minimumUnit: 100, deposit: 500, creatorXId: 'fan_01', creatorEmail: 'fan@example.com' });
    await userEvent.click(screen.getAllByRole('link', { name: 'Charge Orange' })[0]!);
    expect(sessionStorage.getItem('orchard:resume-after-charge')).toBe('/create-project/42');
    expect(screen.getByTestId('location').textContent).toBe('/my-page/point-charge');
  });
});
