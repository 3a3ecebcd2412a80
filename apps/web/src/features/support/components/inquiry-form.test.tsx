import { inquiryImageMaxBytes } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../../components/ui/toast.tsx';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { InquiryForm } from './inquiry-form.tsx';

const png = (name: string, size = 1000) => {
  const file = new File([new Uint8Array(8)], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** docs/product.md#inquiries: the count and size are refused as files are chosen, before any upload. */
describe('the inquiry form', () => {
  it('starts with the account nickname and the linked project, and says whether the email is valid', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InquiryForm accountNickname="berry fan" accountEmail={null} />, { path: '/my-page/customer-support/inquiry?projectId=13&category=FAQC002' });
    expect(await screen.findByDisplayValue('berry fan')).toBeTruthy();
    expect(screen.getByText('About project #13.')).toBeTruthy();
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('FAQC002');
    const email = screen.getByLabelText('Email');
    await user.type(email, 'fan-at-example');
    await user.tab();
    expect(screen.getByText('Invalid email format.')).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'fan@example.com');
    expect(screen.getByText('Valid email format.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send inquiry' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts with the account’s email, and says it was sent once, in the form, with no toast besides', async () => {
    const user = userEvent.setup();
    server.use(http.post(api('/inquiries'), () => HttpResponse.json({ inquiry: { id: 5, status: 'open' } }, { status: 201 })));
    // Every toast shown while the test runs, however soon it closes.
    const toasts: string[] = [];
    const unsubscribe = useToastStore.subscribe((state) => toasts.push(...state.toasts.map((toast) => toast.message)));
    renderWithProviders(<InquiryForm accountNickname="berry fan" accountEmail="berry@example.com" />, { path: '/my-page/customer-support/inquiry' });
    expect(await screen.findByDisplayValue('berry@example.com')).toBeTruthy();
    expect(screen.getByText('Valid email format.')).toBeTruthy();
    await user.type(screen.getByLabelText('Title', { exact: true }), 'Refund');
    await user.type(screen.getByLabelText('Message', { exact: true }), 'Where are my points?');
    await user.click(screen.getByRole('button', { name: 'Send inquiry' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText("Your inquiry was sent. We'll reply to berry@example.com.")).toBeTruthy();
    expect(screen.getAllByText(/Your inquiry was sent/)).toHaveLength(1);
    unsubscribe();
    expect(toasts).toEqual([]);
  });

  it('refuses a sixth image and an image over 20 MB with the spec’s texts, keeping what was chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<InquiryForm accountNickname="berry fan" accountEmail={null} />, { path: '/my-page/customer-support/inquiry' });
    const input = await screen.findByTestId('inquiry-images');
    await user.upload(input, [1, 2, 3, 4].map((n) => png(`${n}.png`)));
    expect(screen.getAllByRole('img')).toHaveLength(4);
    await user.upload(input, [png('5.png'), png('6.png')]);
    expect(screen.getByRole('alert').textContent).toBe('The number of attached files exceeds the limit.');
    expect(screen.getAllByRole('img')).toHaveLength(4);
    await user.upload(input, [png('big.png', inquiryImageMaxBytes + 1)]);
    expect(screen.getByRole('alert').textContent).toBe('The size of the attached file exceeds the limit.');
    expect(screen.getAllByRole('img')).toHaveLength(4);
    await user.upload(input, [png('exact.png', inquiryImageMaxBytes)]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(5);
  });
});
