import type { Notification } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languages } from '../../../lib/locale.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { api } from '../../../test/handlers/api.ts';
import { translateInto } from '../../../test/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { NotificationList, notificationTarget } from './notification-list.tsx';

const artistNames = { ko: '아티스트', en: 'The Artist', zh: '艺人', ja: 'アーティスト', es: 'La artista' };
const rejected: Notification = {
  id: 2,
  kind: 'rejected',
  projectId: 9,
  project: { id: 9, title: null, hidden: false, artistNames },
  params: { reason: 'No screen that week' },
  createdAt: '2026-03-02T01:00:00.000Z',
  readAt: null,
};
const approved: Notification = {
  id: 1,
  kind: 'approved',
  projectId: 8,
  project: { id: 8, title: null, hidden: false, artistNames },
  params: {},
  createdAt: '2026-03-01T01:00:00.000Z',
  readAt: '2026-03-01T02:00:00.000Z',
};

describe('notifications', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState({ isActive: true, id: 'u1', hasUnreadNotification: true });
  });

  it('lead to the creator status screen before creation and to the project after', () => {
    expect(notificationTarget({ kind: 'approved', projectId: 8 })).toBe('/my-page/project-info-detail/approved/8');
    expect(notificationTarget({ kind: 'rejected', projectId: 9 })).toBe('/my-page/project-info-detail/rejected/9');
    expect(notificationTarget({ kind: 'cancelled_deadline', projectId: 9 })).toBe('/my-page/project-info-detail/cancelled/9');
    expect(notificationTarget({ kind: 'created', projectId: 9 })).toBe('/project/9');
    expect(notificationTarget({ kind: 'points_returned', projectId: null })).toBeNull();
  });

  it('lists newest first with the unread one marked; opening it marks it read, clears the header flag and goes to its project', async () => {
    const reads: string[] = [];
    server.use(
      http.get(api('/notifications'), () => HttpResponse.json({ items: [rejected, approved], nextCursor: null })),
      http.post(api('/notifications/:notificationId/read'), ({ params }) => {
        reads.push(String(params.notificationId));
        return HttpResponse.json({ notification: { ...rejected, readAt: '2026-03-03T00:00:00.000Z' }, hasUnreadNotification: false });
      }),
    );
    renderWithProviders(<NotificationList />, { path: '/notification' });
    const items = within(await screen.findByRole('list', { name: 'Your notifications' })).getAllByRole('link');
    expect(items[0]!.getAttribute('href')).toBe('/my-page/project-info-detail/rejected/9');
    expect(items[0]!.textContent).toContain('Unread:Your request was rejected');
    expect(items[0]!.textContent).toContain('Reason: No screen that week');
    expect(items[1]!.textContent).not.toContain('Unread:');
    await userEvent.click(items[0]!);
    expect(screen.getByTestId('location').textContent).toBe('/my-page/project-info-detail/rejected/9');
    await vi.waitFor(() => expect(useUserInfoStore.getState().hasUnreadNotification).toBe(false));
    expect(reads).toEqual(['2']);
  });

  it('name the project by its title as the server reads it now, linked to it; a request by its artist, a hidden project as hidden', async () => {
    const items: Notification[] = [
      { id: 7, kind: 'created', projectId: 12, project: { id: 12, title: 'Subway birthday ad', hidden: false, artistNames }, params: {}, createdAt: '2026-03-07T01:00:00.000Z', readAt: null },
      { id: 6, kind: 'succeeded', projectId: 13, project: { id: 13, title: null, hidden: true, artistNames }, params: {}, createdAt: '2026-03-06T01:00:00.000Z', readAt: null },
      rejected,
    ];
    server.use(http.get(api('/notifications'), () => HttpResponse.json({ items, nextCursor: null })));
    renderWithProviders(<NotificationList />, { path: '/notification' });
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const names = [...list.querySelectorAll('.notification-item__project')].map((name) => name.textContent);
    expect(names).toEqual(['Subway birthday ad', 'A project hidden by the operator', 'Ad request for The Artist']);
    expect(within(list).getByRole('link', { name: /Subway birthday ad/ }).getAttribute('href')).toBe('/project/12');
    expect(list.textContent).not.toMatch(/Project \d/);
  });

  it('tells a request cancelled at its deadline its real cause: the 7 days, or a funding end that came first', async () => {
    const cancelled = (id: number, params: Notification['params']): Notification => ({
      id,
      kind: 'cancelled_deadline',
      projectId: id,
      project: { id, title: null, hidden: false, artistNames },
      params,
      createdAt: '2026-03-05T01:00:00.000Z',
      readAt: null,
    });
    const items = [cancelled(22, { cause: 'funding_end' }), cancelled(21, { cause: 'creation_window' }), cancelled(20, {})];
    server.use(http.get(api('/notifications'), () => HttpResponse.json({ items, nextCursor: null })));
    renderWithProviders(<NotificationList />, { path: '/notification' });
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const bodies = [...list.querySelectorAll('.notification-item__body')].map((body) => body.textContent);
    expect(bodies).toEqual(['Its funding end date passed before it was created.', "It wasn't created within 7 days of approval.", "It wasn't created within 7 days of approval."]);
  });

  it('mark all read: one call, the unread marks go and the header flag clears; the button leaves once nothing is unread', async () => {
    let readAllCalls = 0;
    let served = [rejected, approved];
    server.use(
      http.get(api('/notifications'), () => HttpResponse.json({ items: served, nextCursor: null })),
      http.post(api('/notifications/read-all'), () => {
        readAllCalls += 1;
        served = served.map((item) => ({ ...item, readAt: item.readAt ?? '2026-03-03T00:00:00.000Z' }));
        return HttpResponse.json({ marked: 1, hasUnreadNotification: false });
      }),
    );
    renderWithProviders(<NotificationList />, { path: '/notification' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() => expect(useUserInfoStore.getState().hasUnreadNotification).toBe(false));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull());
    expect(screen.getByRole('list', { name: 'Your notifications' }).textContent).not.toContain('Unread:');
    expect(readAllCalls).toBe(1);
    expect(screen.getByTestId('location').textContent).toBe('/notification');
  });

  it('say how many points came back and in which currency: Orange for a project, Berry for an event', async () => {
    const items: Notification[] = [
      { id: 5, kind: 'points_returned', projectId: 9, project: null, params: { amount: 12_000, currency: 'orange' }, createdAt: '2026-03-05T01:00:00.000Z', readAt: null },
      { id: 4, kind: 'failed', projectId: 9, project: null, params: {}, createdAt: '2026-03-05T01:00:00.000Z', readAt: null },
      { id: 3, kind: 'points_returned', projectId: 10, project: null, params: { amount: 130, currency: 'berry' }, createdAt: '2026-03-04T01:00:00.000Z', readAt: null },
      { id: 2, kind: 'points_expiring', projectId: null, project: null, params: { amount: 1_500, currency: 'orange', expiresAt: '2026-04-01T14:59:59.999Z' }, createdAt: '2026-03-03T01:00:00.000Z', readAt: null },
    ];
    server.use(http.get(api('/notifications'), () => HttpResponse.json({ items, nextCursor: null })));
    renderWithProviders(<NotificationList />, { path: '/notification' });
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const texts = [...list.querySelectorAll('.notification-item__body')].map((body) => body.textContent);
    expect(texts).toEqual([
      '12,000 Orange came back to your balance.',
      'Every participation is returned.',
      '130 Berry came back to your balance.',
      '1,500 Orange expire on April 1, 2026.',
    ]);
  });

  it('name the new kinds: a followed artist opening, a joined project closing with its time, expiring points with their date, in Korean and Spanish', async () => {
    const items: Notification[] = [
      { id: 9, kind: 'closing_soon', projectId: 21, project: { id: 21, title: 'Busan billboard', hidden: false, artistNames }, params: { closesAt: '2026-03-09T15:00:00.000Z' }, createdAt: '2026-03-09T01:00:00.000Z', readAt: null },
      { id: 8, kind: 'project_opened', projectId: 22, project: { id: 22, title: 'Airport screen', hidden: false, artistNames }, params: {}, createdAt: '2026-03-08T01:00:00.000Z', readAt: null },
      { id: 7, kind: 'points_expiring', projectId: null, project: null, params: { amount: 700, currency: 'berry', expiresAt: '2026-04-01T14:59:59.999Z' }, createdAt: '2026-03-07T01:00:00.000Z', readAt: null },
      { id: 6, kind: 'inquiry_answered', projectId: null, project: null, params: { inquiryId: 3 }, createdAt: '2026-03-06T01:00:00.000Z', readAt: null },
    ];
    server.use(http.get(api('/notifications'), () => HttpResponse.json({ items, nextCursor: null })));
    useLanguageAndCurrencyStore.setState({ language: 'ko', currency: 'KRW' });
    await translateInto('ko');
    const { unmount } = renderWithProviders(<NotificationList />, { path: '/notification' });
    const list = await screen.findByRole('list', { name: '내 알림' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/project/21', '/project/22', '/my-page/point-history/berry', '/my-page/customer-support']);
    expect(links[0]!.textContent).toContain('Busan billboard');
    expect(links[0]!.textContent).toContain('24시간 안에 펀딩이 마감돼요');
    expect(links[0]!.textContent).toContain('2026년 3월 10일 00:00');
    expect(links[1]!.textContent).toContain('Airport screen');
    expect(links[2]!.textContent).toContain('700 베리가 2026년 4월 1일에 만료돼요.');
    unmount();
    useLanguageAndCurrencyStore.setState({ language: 'es', currency: 'KRW' });
    await translateInto('es');
    renderWithProviders(<NotificationList />, { path: '/notification' });
    const spanish = await screen.findByRole('list', { name: /notificaciones/i });
    expect(spanish.textContent).toContain('La financiación cierra en menos de 24 horas');
    expect(spanish.textContent).toContain('Nueva financiación de un artista que sigues');
    expect(spanish.textContent).toContain('700 Berry caducan el 1 de abril de 2026.');
  });

  it('an approval states the creation deadline in KST, in every language (docs/product.md#creation)', async () => {
    // 23:59:59.999 KST on 3 March: the funding end came before the 7-day window.
    const withDeadline: Notification = { ...approved, id: 7, params: { creationDeadline: '2026-03-03T14:59:59.999Z' } };
    server.use(http.get(api('/notifications'), () => HttpResponse.json({ items: [withDeadline], nextCursor: null })));
    renderWithProviders(<NotificationList />, { path: '/notification' });
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    expect(list.querySelector('.notification-item__body')!.textContent).toBe('Create the project by March 3, 2026 at 23:59 (KST), or it will be cancelled.');
    const files = import.meta.glob<{ default: { kinds: Record<string, Record<string, string>> } }>('../../../locales/*/notification.json', { eager: true });
    for (const language of languages) {
      expect(files[`../../../locales/${language}/notification.json`]!.default.kinds.approved!.body_deadline, language).toContain('{{creationDeadline}}');
    }
  });

  it('name the currency in all five languages, as the app names it', async () => {
    const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/{notification,common}.json', { eager: true });
    for (const language of languages) {
      const kinds = (files[`../../../locales/${language}/notification.json`]!.default as { kinds: Record<string, Record<string, string>> }).kinds;
      const names = (files[`../../../locales/${language}/common.json`]!.default as { points: Record<string, string> }).points;
      for (const kind of ['points_returned', 'points_expiring']) {
        for (const currency of ['orange', 'berry']) {
          const body = kinds[kind]![`body_${currency}`];
          expect(body, `${language} ${kind} ${currency}`).toContain('{{amount}}');
          expect(body, `${language} ${kind} ${currency}`).toContain(names[currency]);
        }
      }
    }
  });
});

