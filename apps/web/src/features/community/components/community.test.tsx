import type { Comment, OperatorReport } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { useToastStore } from '../../../components/ui/toast.tsx';
import { api, apiError } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { CommentList } from './comment-list.tsx';
import { CommentSummary } from './comment-summary.tsx';
import { LikeButton } from './like-button.tsx';
import { ReportButton } from './report-button.tsx';
import { ReportsQueue } from './reports-queue.tsx';

const comment = (id: number, overrides: Partial<Comment> = {}): Comment => ({
  id,
  body: `comment ${id}`,
  hidden: false,
  author: { nickname: `fan${id}`, profileImageUrl: null },
  createdAt: '2026-03-01T01:00:00.000Z',
  viewerIsAuthor: false,
  ...overrides,
});

describe('community', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState({ isActive: true, id: 'u1', hasUnreadNotification: false });
  });

  it('lists comments as plain text, renders a hidden one as hidden, and loads the next page', async () => {
    server.use(
      http.get(api('/projects/7/comments'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        if (cursor === 'c2') return HttpResponse.json({ items: [comment(1)], nextCursor: null });
        return HttpResponse.json({
          items: [comment(3, { body: '<img src=x onerror="window.__xss=1">' }), comment(2, { body: null, hidden: true })],
          nextCursor: 'c2',
        });
      }),
    );
    renderWithProviders(<CommentList target={{ type: 'project', id: 7 }} />, { path: '/comment-list/7' });
    expect(await screen.findByText('<img src=x onerror="window.__xss=1">')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('This comment was hidden by the operator.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('comment 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers a guest the login page, coming back to the comments (docs/product.md#accounts)', async () => {
    useUserInfoStore.setState({ isActive: false, id: null, hasUnreadNotification: false });
    server.use(http.get(api('/projects/7/comments'), () => HttpResponse.json({ items: [comment(1)], nextCursor: null })));
    renderWithProviders(<CommentList target={{ type: 'project', id: 7 }} />, { path: '/comment-list/7' });
    await screen.findByText('comment 1');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Sign in to leave a comment.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Fcomment-list%2F7');
  });

  it('shows the empty state, counts characters, and posts the trimmed comment', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get(api('/projects/7/comments'), () => HttpResponse.json({ items: posted.length ? [comment(9, { body: 'hello', viewerIsAuthor: true })] : [], nextCursor: null })),
      http.post(api('/projects/7/comments'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ comment: comment(9, { body: 'hello', viewerIsAuthor: true }) }, { status: 201 });
      }),
    );
    renderWithProviders(<CommentList target={{ type: 'project', id: 7 }} />, { path: '/comment-list/7' });
    expect(await screen.findByText('No comments yet. Leave the first one!')).toBeTruthy();
    const box = screen.getByLabelText('Your comment');
    expect(screen.getByRole('button', { name: 'Post' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(box, '  hello ');
    expect(screen.getByText('8 / 1000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('hello')).toBeTruthy();
    expect(posted).toEqual([{ body: 'hello' }]);
    // The author's own comment offers Delete, not Report.
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('reports with a reason, requires the detail for REPR006, and says "Already reported." on 409', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/reports'), async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1 ? HttpResponse.json({ report: { id: 1 } }, { status: 201 }) : apiError(409, 'reports.already_reported');
      }),
    );
    renderWithProviders(<ReportButton target={{ type: 'comment', id: 5 }} />, { path: '/comment-list/7' });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const sheet = await screen.findByRole('dialog');
    const send = within(sheet).getByRole('button', { name: 'Send report' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(sheet).getByLabelText('Other'));
    expect(send.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(sheet).getByLabelText('Tell us more'), ' fake giveaway ');
    await userEvent.click(send);
    const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);
    await vi.waitFor(() => expect(toasts()).toContain('Reported successfully.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent[0]).toEqual({ target: { type: 'comment', id: 5 }, reason: 'REPR006', detail: 'fake giveaway' });

    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByLabelText('Spam or promotion'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(toasts()).toContain('Already reported.'));
    expect(sent[1]).toEqual({ target: { type: 'comment', id: 5 }, reason: 'REPR004' });
  });

  it('draws the report reasons as the app’s radio cards, the chosen one marked', async () => {
    renderWithProviders(<ReportButton target={{ type: 'comment', id: 5 }} />, { path: '/comment-list/7' });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const sheet = await screen.findByRole('dialog');
    const spam = within(sheet).getByRole('radio', { name: 'Spam or promotion' });
    await userEvent.click(spam);
    expect(spam.closest('label')?.className).toBe('choice-card choice-card--selected');
    expect(sheet.querySelectorAll('.choice-card')).toHaveLength(6);
  });

  it('asks a signed-out visitor to sign in, coming back here, before any reason can be chosen (issue 32)', async () => {
    useUserInfoStore.setState({ isActive: false, id: null, hasUnreadNotification: false });
    renderWithProviders(<ReportButton target={{ type: 'comment', id: 5 }} />, { path: '/comment-list/7' });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).queryAllByRole('radio')).toEqual([]);
    expect(within(sheet).queryByRole('button', { name: 'Send report' })).toBeNull();
    expect(within(sheet).getByRole('link', { name: 'Log in to report' }).getAttribute('href')).toBe('/login?next=%2Fcomment-list%2F7');
  });

  it('likes and unlikes with the server’s count; the summary links to the comment list', async () => {
    server.use(
      http.put(api('/projects/7/like'), () => HttpResponse.json({ liked: true, likeCount: 4 })),
      http.delete(api('/projects/7/like'), () => HttpResponse.json({ liked: false, likeCount: 3 })),
    );
    renderWithProviders(
      <>
        <LikeButton project={{ id: 7, likeCount: 3, viewerLiked: false }} />
        <CommentSummary projectId={7} count={2} />
      </>,
      { path: '/project/7' },
    );
    const like = screen.getByRole('button', { name: 'Like (3)' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(like);
    const unlike = await screen.findByRole('button', { name: 'Unlike (4)' });
    expect(unlike.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(unlike);
    expect(await screen.findByRole('button', { name: 'Like (3)' })).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/comment-list/7');
    expect(screen.getByRole('link').textContent).toContain('2 comments');
  });

  it('the console queue hides a reported comment after the operator confirms what hiding does, and shows it handled', async () => {
    const open: OperatorReport = {
      id: 11,
      target: { type: 'comment', id: 5, projectId: 7, artistId: null },
      reason: 'REPR002',
      detail: null,
      status: 'open',
      decision: null,
      createdAt: '2026-03-01T01:00:00.000Z',
      reporter: { nickname: 'fan1' },
      content: 'rude words',
      targetHidden: false,
    };
    let decided: unknown = null;
    server.use(
      http.get(api('/operator/reports'), () => HttpResponse.json({ items: decided ? [] : [open], nextCursor: null })),
      http.post(api('/operator/reports/11/decision'), async ({ request }) => {
        decided = await request.json();
        return HttpResponse.json({ report: { ...open, status: 'handled', decision: 'hide', targetHidden: true } });
      }),
    );
    renderWithProviders(<ReportsQueue />, { path: '/ops' });
    expect(await screen.findByText('rude words')).toBeTruthy();
    expect(screen.getByText('Abusive language')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Hide this comment?' });
    expect(dialog.textContent).toContain('withheld from everyone but operators');
    expect(decided).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('No reports here.')).toBeTruthy();
    expect(decided).toEqual({ action: 'hide' });
  });

  it('the console queue names post and film reports and links each to where it is shown', async () => {
    const base = { reason: 'REPR004', detail: null, status: 'open', decision: null, createdAt: '2026-03-01T01:00:00.000Z', reporter: { nickname: 'fan1' }, targetHidden: false } as const;
    server.use(
      http.get(api('/operator/reports'), () =>
        HttpResponse.json({
          items: [
            { ...base, id: 21, target: { type: 'post', id: 8, projectId: null, artistId: 3 }, content: 'buy followers' },
            { ...base, id: 20, target: { type: 'film', id: 9, projectId: null, artistId: null }, content: 'Subway film' },
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithProviders(<ReportsQueue />, { path: '/ops' });
    expect(await screen.findByText('Post #8')).toBeTruthy();
    expect(screen.getByText('Film #9')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the community' }).getAttribute('href')).toBe('/artist/solo/3?tab=community');
    expect(screen.getByRole('link', { name: 'Open the film' }).getAttribute('href')).toBe('/film/9');
    await userEvent.click(screen.getAllByRole('button', { name: 'Hide' })[0]!);
    expect(screen.getByRole('alertdialog', { name: 'Hide this post?' }).textContent).toContain("leaves the artist's community");
  });
});
