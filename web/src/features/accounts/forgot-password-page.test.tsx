import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

const api = vi.hoisted(() => ({ requestPasswordReset: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/accounts', () => api);

const SENT = 'パスワード再設定のメールを送信しました。届かない場合はメールアドレスをご確認ください。';
const ask = (email: string) => {
  fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: email } });
  fireEvent.click(button('再設定メールを送る'));
};

let request: ReturnType<typeof deferred<{ message: string }>>;
beforeEach(() => {
  request = deferred();
  api.requestPasswordReset.mockImplementation(request.call);
});
afterEach(cleanup);

describe('ForgotPasswordPage', () => {
  it('starts with an empty email field and no error', () => {
    renderWithQueries(<ForgotPasswordPage />);
    expect((screen.getByLabelText('メールアドレス') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an address that is not one, in place, sending nothing', () => {
    renderWithQueries(<ForgotPasswordPage />);
    ask('hanako@');
    expect(screen.getByRole('alert').textContent).toBe('有効なメールアドレスを入力してください');
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('is saving while the API answers, then shows its refusal', async () => {
    renderWithQueries(<ForgotPasswordPage />);
    ask('hanako@example.jp');
    await waitFor(() => expect(button('再設定メールを送る').disabled).toBe(true));
    expect(button('再設定メールを送る').getAttribute('aria-busy')).toBe('true');
    expect(request.sent).toEqual([{ email: 'hanako@example.jp' }]);
    await request.reject(new ApiError(429, 'RATE_LIMITED', 'しばらく時間をおいてからお試しください'));
    expect((await screen.findByRole('alert')).textContent).toBe('しばらく時間をおいてからお試しください');
    expect(button('再設定メールを送る').disabled).toBe(false);
  });

  it('once sent, gives way to the same answer whether or not the address has an account', async () => {
    renderWithQueries(<ForgotPasswordPage />);
    ask('hanako@example.jp');
    await request.resolve({ message: SENT });
    expect((await screen.findByRole('status')).textContent).toContain(SENT);
    expect(screen.queryByLabelText('メールアドレス')).toBeNull();
  });
});
