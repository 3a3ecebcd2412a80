import type { CancellationPreview } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../../test/fixtures/project.ts';
import { api, apiError, sentRequest, type SentRequest } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import OpsConsole from './ops-console.tsx';
import type { OpsSection } from '../sections.ts';

const requested = projectFixture({ id: 31, status: 'requested', title: null, fundingEndDate: '2026-12-10' });
const succeeded = projectFixture({ id: 40, status: 'succeeded', title: 'Subway birthday ad' });

function renderConsole(section: OpsSection) {
  return renderWithProviders(<OpsConsole section={section} renderEvents={() => <p>event form</p>} renderReports={() => <p>reports queue</p>} />, {
    path: `/ops/${section}`,
  });
}

/** Records every write the console sends. */
function recordWrites() {
  const writes: SentRequest[] = [];
  server.use(
    http.post(api('/operator/projects/:projectId/decision'), async ({ request }) => {
      writes.push(await sentRequest(request));
      return HttpResponse.json({ project: { ...requested, status: 'approved' } });
    }),
    http.post(api('/operator/projects/:projectId/cancellation'), async ({ request }) => {
      writes.push(await sentRequest(request));
      return HttpResponse.json({ project: { ...succeeded, status: 'cancelled' } });
    }),
  );
  return writes;
}

describe('the operator console (decision 053)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    server.use(
      http.get(api('/operator/test-clock'), () => apiError(404, 'not_found')),
      http.get(api('/operator/project-requests'), () => HttpResponse.json({ items: [{ project: requested, waitedSeconds: 7_200 }], nextCursor: null })),
      http.get(api('/projects'), ({ request }) => HttpResponse.json({ items: new URL(request.url).searchParams.get('status') === 'succeeded' ? [succeeded] : [], nextCursor: null })),
    );
  });

  it('shows one section at a time, with links to the others; the clock only where the server runs one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderConsole('events');
    expect(screen.getByText('event form')).toBeTruthy();
    expect(screen.queryByText('reports queue')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Requests waiting for the inventory check' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    await vi.waitFor(() => expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Requests', '/ops/requests'],
      ['Ads', '/ops/ads'],
      ['Events', '/ops/events'],
      ['Reports', '/ops/reports'],
      ['Inquiries', '/ops/inquiries'],
      ['FAQ', '/ops/faq'],
      ['Guardian refunds', '/ops/refunds'],
      ['Mail', '/ops/mails'],
    ]));
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves the test clock by whole hours as well as days, and shows an offset with its spare hours', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const moves: SentRequest[] = [];
    let clock = { enabled: true, offsetDays: 1, offsetHours: 24, now: '2026-12-02T03:00:00.000Z' };
    server.use(
      http.get(api('/operator/test-clock'), () => HttpResponse.json(clock)),
      http.post(api('/operator/test-clock'), async ({ request }) => {
        moves.push(await sentRequest(request));
        clock = { enabled: true, offsetDays: 1, offsetHours: 29, now: '2026-12-02T08:00:00.000Z' };
        return HttpResponse.json(clock);
      }),
    );
    renderConsole('clock');
    expect((await screen.findByTestId('test-clock-now')).textContent).toMatch(/\(\+1 days\)$/);
    await userEvent.selectOptions(screen.getByLabelText('Unit'), 'hours');
    const hours = screen.getByLabelText('Hours to move forward');
    await userEvent.clear(hours);
    await userEvent.type(hours, '9601');
    expect((screen.getByRole('button', { name: /^Move clock/ }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(hours);
    await userEvent.type(hours, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Move clock +5 hours' }));
    await vi.waitFor(() => expect(moves.map((move) => move.body)).toEqual([{ hours: 5 }]));
    await vi.waitFor(() => expect(screen.getByTestId('test-clock-now').textContent).toMatch(/\(\+1 days 5 h\)$/));
  });

  it('approving asks first and says what follows; nothing is sent until the operator confirms', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const writes = recordWrites();
    renderConsole('requests');
    await userEvent.click(await screen.findByRole('button', { name: 'Review request #31' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve: inventory available' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve request #31?' });
    expect(dialog.textContent).toContain('within 7 days');
    expect(dialog.textContent).toContain('December 10, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Approve: inventory available' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(writes.map((write) => write.body)).toEqual([{ decision: 'approve' }]));
  });

  it('rejecting shows the reason the creator will read before it is sent', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const writes = recordWrites();
    renderConsole('requests');
    await userEvent.click(await screen.findByRole('button', { name: 'Review request #31' }));
    await userEvent.type(screen.getByLabelText('Reason for rejecting (the creator sees it)'), '  No screen that week  ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject with this reason' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject request #31?' });
    expect(within(dialog).getByText('No screen that week')).toBeTruthy();
    expect(writes).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(writes.map((write) => write.body)).toEqual([{ decision: 'reject', reason: 'No screen that week' }]));
  });

  it('cancelling shows, from the server, how many participations go back and their total, then sends the cancellation', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const writes = recordWrites();
    const preview: CancellationPreview = {
      projectId: 40,
      cancellable: true,
      cancellableThrough: '2026-12-01',
      participationCount: 12,
      participantCount: 9,
      returnTotal: 10_500,
      currency: 'orange',
    };
    let previews = 0;
    server.use(
      http.get(api('/operator/projects/40/cancellation-preview'), () => {
        previews += 1;
        return HttpResponse.json(preview);
      }),
    );
    renderConsole('ads');
    await userEvent.type(await screen.findByLabelText('Reason for cancelling (everyone sees it)'), 'The screen is under repair.');
    expect(previews).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and return every point' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel "Subway birthday ad"?' });
    const summary = await within(dialog).findByTestId('cancellation-summary');
    expect(summary.textContent).toContain('12 participations from 9 people, 10,500 Orange in all');
    expect(summary.textContent).toContain('The screen is under repair.');
    expect(writes).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and return everything' }));
    await vi.waitFor(() => expect(writes.map((write) => [write.url, write.body])).toEqual([[expect.stringContaining('/operator/projects/40/cancellation'), { reason: 'The screen is under repair.' }]]));
  });

  it('a project past its last cancellation day cannot be confirmed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const writes = recordWrites();
    server.use(
      http.get(api('/operator/projects/40/cancellation-preview'), () =>
        HttpResponse.json({ projectId: 40, cancellable: false, cancellableThrough: '2026-11-01', participationCount: 3, participantCount: 2, returnTotal: 900, currency: 'orange' }),
      ),
    );
    renderConsole('ads');
    await userEvent.type(await screen.findByLabelText('Reason for cancelling (everyone sees it)'), 'Too late');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and return every point' }));
    const dialog = screen.getByRole('alertdialog');
    expect((await within(dialog).findByTestId('cancellation-summary')).textContent).toContain('the last day was November 1, 2026');
    expect((within(dialog).getByRole('button', { name: 'Cancel and return everything' }) as HTMLButtonElement).disabled).toBe(true);
    expect(writes).toEqual([]);
  });
});
