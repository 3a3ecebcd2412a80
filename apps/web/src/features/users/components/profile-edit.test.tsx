import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { ProfileEdit, type ProfileEditProps } from './profile-edit.tsx';

function renderProfileEdit(overrides: Partial<ProfileEditProps> = {}) {
  const props: ProfileEditProps = {
    canLinkX: false,
    returnPath: '/my-page/user-profile',
    pointsAtStake: null,
    onLogout: vi.fn(),
    onLogoutEverywhere: vi.fn(),
    onDone: vi.fn(),
    onAccountDeleted: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<ProfileEdit {...props} />, { path: '/my-page/user-profile' });
  return props;
}

const nicknameInput = () => screen.findByRole('textbox', { name: 'Nickname' });
const pictureInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

/** Records every request of a method and path, answering with `answer`. */
function recordRequests(method: 'put' | 'patch' | 'post', path: string, answer: () => Response) {
  const requests: Request[] = [];
  server.use(
    http[method](api(path), ({ request }) => {
      requests.push(request.clone());
      return answer();
    }),
  );
  return requests;
}

describe('profile edit', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('an emptied nickname asks for a nickname, not to press the check button it has disabled', async () => {
    renderProfileEdit();
    await userEvent.clear(await nicknameInput());
    const check = screen.getByRole('button', { name: 'Check availability' });
    expect(check).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a nickname.')).toBeVisible();
    expect(screen.queryByText(/press the check button/)).not.toBeInTheDocument();
  });

  it('the check button is named by the text it shows', async () => {
    renderProfileEdit();
    await nicknameInput();
    const check = screen.getByRole('button', { name: 'Check availability' });
    expect(check).toHaveAccessibleName(check.textContent!);
  });

  it('takes a 16-character nickname whole, even of characters outside the BMP', async () => {
    renderProfileEdit();
    const input = await nicknameInput();
    const sixteen = '𠀀'.repeat(16);
    await userEvent.clear(input);
    await userEvent.type(input, sixteen);
    expect(input).toHaveValue(sixteen);
  });

  it('a changed nickname is saved only after the check, with only the fields that changed', async () => {
    const patches = recordRequests('patch', '/users/user-profile', () => HttpResponse.json({}));
    const props = renderProfileEdit();
    const input = await nicknameInput();
    await userEvent.clear(input);
    await userEvent.type(input, 'newname');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please press the check button to confirm your nickname.')).toBeVisible();
    expect(patches).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Check availability' }));
    expect(await screen.findByText('Available nickname.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(props.onDone).toHaveBeenCalled());
    expect(await patches[0]!.json()).toEqual({ nickname: 'newname' });
  });

  it('a switch switches by tapping its label as well as the switch', async () => {
    renderProfileEdit();
    const night = await screen.findByRole('switch', { name: 'Night-time notifications (21:00–08:00)' });
    expect(night).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByText('Night-time notifications (21:00–08:00)'));
    expect(night).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByText(/^On: promotional mail .* between 21:00 and 08:00 KST is sent at once./));
    expect(night).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(night);
    expect(night).toHaveAttribute('aria-checked', 'true');
  });

  it('a picture over the limit is refused before any upload, and the message says the limit', async () => {
    const uploads = recordRequests('put', '/users/user-profile/picture', () => HttpResponse.json({ profileImageUrl: null }));
    renderProfileEdit();
    await nicknameInput();
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await userEvent.upload(pictureInput(), huge);
    expect(screen.getByRole('alert')).toHaveTextContent('Pictures can be up to 10 MB');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(uploads).toHaveLength(0);
  });

  it('a file that is not an accepted image is refused at once, with the types and the limit', async () => {
    renderProfileEdit();
    await nicknameInput();
    await userEvent.upload(pictureInput(), new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a JPG, PNG, WebP or GIF image (up to 10 MB).');
    expect(screen.getByTestId('default-avatar')).toBeInTheDocument();
  });

  it('a chosen picture the browser cannot draw shows the default icon, not a broken image, and is not kept', async () => {
    const uploads = recordRequests('put', '/users/user-profile/picture', () => HttpResponse.json({ profileImageUrl: null }));
    renderProfileEdit();
    await nicknameInput();
    await userEvent.upload(pictureInput(), new File(['not really a png'], 'fake.png', { type: 'image/png' }));
    const preview = document.querySelector('.avatar img')!;
    fireEvent.error(preview);
    expect(document.querySelector('.avatar img')).toBeNull();
    expect(screen.getByTestId('default-avatar')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("This picture couldn't be shown.");
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(uploads).toHaveLength(0);
  });

  it('the delete warning says how many points are lost', async () => {
    renderProfileEdit({ pointsAtStake: { orange: 1234, berry: 26 } });
    await nicknameInput();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const warning = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(warning).getByTestId('points-at-stake')).toHaveTextContent('Your 1,234 Orange and 26 Berry will be forfeited and cannot be restored.');
  });

  it('"log out on all devices" asks first, then signs out everywhere', async () => {
    const props = renderProfileEdit();
    await nicknameInput();
    await userEvent.click(screen.getByRole('button', { name: 'Log out on all devices' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Log out on all devices?' });
    expect(props.onLogoutEverywhere).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Log out' }));
    expect(props.onLogoutEverywhere).toHaveBeenCalledTimes(1);
  });
});
