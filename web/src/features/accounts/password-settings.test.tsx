import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../api/accounts';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { PasswordCard } from './password-settings';

const api = vi.hoisted(() => ({ changePassword: vi.fn(), requestPasswordReset: vi.fn(), logoutAll: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/accounts', () => api);

const me = { email: 'hanako@example.jp', hasPassword: true, oauthProvider: 'email' } as Me;
const fill = (current: string, next: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText('現在のパスワード'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('新しいパスワード'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('新しいパスワード（確認）'), { target: { value: confirm } });
  fireEvent.click(button('パスワードを変更する'));
};

let request: ReturnType<typeof deferred<{ message: string }>>;
beforeEach(() => {
  request = deferred();
  api.changePassword.mockImplementation(request.call);
});
afterEach(cleanup);

describe('PasswordCard: the change form', () => {
  it('starts empty', () => {
    renderWithQueries(<PasswordCard me={me} />);
    expect((screen.getByLabelText('現在のパスワード') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a short new password and a mistyped confirmation', () => {
    renderWithQueries(<PasswordCard me={me} />);
    fill('old-password', 'short', 'short');
    expect(screen.getByRole('alert').textContent).toBe('パスワードは8文字以上で入力してください');
    fill('old-password', 'long-enough-1', 'long-enough-2');
    expect(screen.getByRole('alert').textContent).toBe('パスワードが一致しません');
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('is saving, then shows a wrong current password beside its field', async () => {
    renderWithQueries(<PasswordCard me={me} />);
    fill('old-password', 'long-enough-1', 'long-enough-1');
    await waitFor(() => expect(button('パスワードを変更する').disabled).toBe(true));
    expect(request.sent).toEqual([{ currentPassword: 'old-password', newPassword: 'long-enough-1' }]);
    await request.reject(
      new ApiError(400, 'INVALID_PASSWORD', '現在のパスワードが正しくありません', 'currentPassword'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('現在のパスワードが正しくありません');
    expect(screen.getByLabelText('現在のパスワード').getAttribute('aria-invalid')).toBe('true');
  });

  it('once saved, shows the answer and empties the fields', async () => {
    renderWithQueries(<PasswordCard me={me} />);
    fill('old-password', 'long-enough-1', 'long-enough-1');
    await request.resolve({ message: 'パスワードを変更しました。ほかの端末はログアウトしました。' });
    expect((await screen.findByRole('status')).textContent).toContain('パスワードを変更しました');
    expect((screen.getByLabelText('新しいパスワード') as HTMLInputElement).value).toBe('');
  });
});
