import { inquiryImageMaxBytes } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
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
    renderWithProviders(<InquiryForm accountNickname="berry fan" />, { path: '/my-page/customer-support/inquiry?projectId=13&category=FAQC002' });
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

  it('refuses a sixth image and an image over 20 MB with the spec’s texts, keeping what was chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<InquiryForm accountNickname="berry fan" />, { path: '/my-page/customer-support/inquiry' });
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
