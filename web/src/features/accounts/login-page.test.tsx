import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { routerStub } from '../../test/router-stub';
import { LoginPage } from './login-page';

const api = vi.hoisted(() => ({ login: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/accounts', () => ({
  login: api.login,
  meQuery: { queryKey: ['accounts', 'me'], queryFn: async () => ({ theme: 'dark' }) },
  providersQuery: { queryKey: ['accounts', 'providers'], queryFn: async () => ({ google: false, line: false }) },
}));
vi.mock('./login-turnstile', () => ({
  default: ({ onToken, onReady }: { onToken: (token: string) => void; onReady: (ready: boolean) => void }) => (
    <button
      type="button"
      data-testid="login-turnstile"
      onClick={() => {
        onToken('check-token');
        onReady(true);
      }}
    >
      確認済みにする
    </button>
  ),
}));

const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: password } });
  fireEvent.click(button('ログイン'));
};

let request: ReturnType<typeof deferred<{ token: string }>>;
beforeEach(() => {
  routerStub.navigated = [];
  request = deferred();
  api.login.mockImplementation(request.call);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('LoginPage', () => {
  it('starts empty, without errors', () => {
    renderWithQueries(<LoginPage search={{ redirect: '/cattle' }} />);
    expect((screen.getByLabelText('メールアドレス') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('パスワード') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an empty password and a malformed address in place, sending nothing', () => {
    renderWithQueries(<LoginPage search={{ redirect: '/cattle' }} />);
    fill('not-an-address', '');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByLabelText('メールアドレス').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('パスワード').getAttribute('aria-invalid')).toBe('true');
    expect(api.login).not.toHaveBeenCalled();
  });

  it('is saving while the API answers, then shows its error as the form message', async () => {
    renderWithQueries(<LoginPage search={{ redirect: '/cattle' }} />);
    fill('hanako@example.jp', 'secret-pass');
    await waitFor(() => expect(button('ログイン').disabled).toBe(true));
    expect(request.sent).toEqual([{ email: 'hanako@example.jp', password: 'secret-pass' }]);
    await request.reject(new ApiError(401, 'INVALID_CREDENTIALS', 'メールアドレスまたはパスワードが正しくありません'));
    expect((await screen.findByRole('alert')).textContent).toBe('メールアドレスまたはパスワードが正しくありません');
    expect(button('ログイン').disabled).toBe(false);
  });

  it('shows the check once the API asks for it', async () => {
    renderWithQueries(<LoginPage search={{ redirect: '/cattle' }} />);
    fill('hanako@example.jp', 'secret-pass');
    await request.reject(new ApiError(403, 'TURNSTILE_REQUIRED', '確認が必要です', 'turnstileToken'));
    expect(await screen.findByTestId('login-turnstile')).toBeTruthy();
  });

  it('sends nothing while the check it asked for is not ready, then sends the check’s token', async () => {
    renderWithQueries(<LoginPage search={{ redirect: '/cattle' }} />);
    fill('hanako@example.jp', 'secret-pass');
    await request.reject(new ApiError(403, 'TURNSTILE_REQUIRED', '確認が必要です', 'turnstileToken'));
    await screen.findByTestId('login-turnstile');
    expect(button('ログイン').disabled).toBe(true);
    fireEvent.click(button('ログイン'));
    expect(request.sent).toHaveLength(1);
    fireEvent.click(button('確認済みにする'));
    await waitFor(() => expect(button('ログイン').disabled).toBe(false));
    fireEvent.click(button('ログイン'));
    await waitFor(() => expect(request.sent).toHaveLength(2));
    expect(request.sent[1]).toEqual({
      email: 'hanako@example.jp',
      password: 'secret-pass',
      turnstileToken: 'check-token',
    });
  });

  it('keeps the token and goes where the sign-in was asked from once signed in', async () => {
    renderWithQueries(<LoginPage search={{ redirect: '/cattle' }} />);
    fill('hanako@example.jp', 'secret-pass');
    await request.resolve({ token: 'tok-1' });
    await waitFor(() => expect(routerStub.navigated).toEqual([{ href: '/cattle' }]));
    expect(localStorage.getItem('ushicho.token')).toBe('tok-1');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
