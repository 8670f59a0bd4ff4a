import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { RegisterPage } from './register-page';

const api = vi.hoisted(() => ({ registerAccount: vi.fn(), requestPasswordReset: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/accounts', () => ({
  ...api,
  providersQuery: { queryKey: ['accounts', 'providers'], queryFn: async () => ({ google: false, line: false }) },
}));

/** The two one-address forms: registering and asking for a reset mail. */
const forms = [
  { name: 'RegisterPage', Page: RegisterPage, call: api.registerAccount, submit: '確認メールを送る' },
  {
    name: 'ForgotPasswordPage',
    Page: ForgotPasswordPage,
    call: api.requestPasswordReset,
    submit: '再設定メールを送る',
  },
];

afterEach(cleanup);

describe.each(forms)('$name', ({ Page, call, submit }) => {
  let request: ReturnType<typeof deferred<{ message: string }>>;
  beforeEach(() => {
    request = deferred();
    call.mockImplementation(request.call);
  });
  const send = (email: string) => {
    fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: email } });
    fireEvent.click(button(submit));
  };

  it('starts empty', () => {
    renderWithQueries(<Page />);
    expect((screen.getByLabelText('メールアドレス') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a malformed address, sending nothing', () => {
    renderWithQueries(<Page />);
    send('not-an-address');
    expect(screen.getByLabelText('メールアドレス').getAttribute('aria-invalid')).toBe('true');
    expect(call).not.toHaveBeenCalled();
  });

  it('is saving, then shows a server failure as the form message', async () => {
    renderWithQueries(<Page />);
    send('hanako@example.jp');
    await waitFor(() => expect(button(submit).disabled).toBe(true));
    await request.reject(new ApiError(429, 'RATE_LIMITED', 'しばらくしてから再度お試しください'));
    expect((await screen.findByRole('alert')).textContent).toBe('しばらくしてから再度お試しください');
  });

  it('once sent, shows the answer', async () => {
    renderWithQueries(<Page />);
    send('hanako@example.jp');
    await request.resolve({ message: '送信しました' });
    expect((await screen.findByRole('status')).textContent).toContain('送信しました');
  });
});
