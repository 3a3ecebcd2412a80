import type { OperatorMailsPage } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { MailOutbox } from './mail-outbox.tsx';

describe('the console mail section', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('lists the latest mails with status, template, language, attempts and the last error of one still waiting', async () => {
    const page: OperatorMailsPage = {
      transport: 'smtp',
      nextBeforeId: null,
      items: [
        { id: 2, recipient: 'fan@example.test', language: 'es', template: 'failed', status: 'pending', attempts: 2, nextAttemptAt: '2026-03-01T00:04:00.000Z', sentAt: null, createdAt: '2026-03-01T00:00:00.000Z', lastError: 'connect ECONNREFUSED 127.0.0.1:25' },
        { id: 1, recipient: '<b>x</b>@example.test', language: 'ko', template: 'inquiry_answered', status: 'sent', attempts: 1, nextAttemptAt: '2026-03-01T00:00:00.000Z', sentAt: '2026-03-01T00:00:01.000Z', createdAt: '2026-03-01T00:00:00.000Z', lastError: null },
      ],
    };
    server.use(http.get(api('/operator/mails'), () => HttpResponse.json(page)));
    renderWithProviders(<MailOutbox />, { path: '/ops/mails' });
    const list = await screen.findByRole('list', { name: 'Latest mails' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Waiting');
    expect(items[0]!.textContent).toContain('failed · es');
    expect(items[0]!.textContent).toContain('2 attempts');
    expect(items[0]!.textContent).toContain('ECONNREFUSED');
    expect(items[1]!.textContent).toContain('Sent');
    expect(items[1]!.textContent).toContain('<b>x</b>@example.test');
    expect(items[1]!.querySelector('b')).toBeNull();
    expect(screen.getByText('Sent through the SMTP server.')).toBeTruthy();
  });
});
