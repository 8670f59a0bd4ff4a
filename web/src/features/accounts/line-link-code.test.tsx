import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { LineLinkCode } from './line-link-code';

const api = vi.hoisted(() => ({
  createLineLinkCode: vi.fn(),
  notificationSettingsQuery: { queryKey: ['notifications', 'settings'] },
}));
vi.mock('../../api/notifications', () => api);

let request: ReturnType<typeof deferred<{ code: string; expiresAt: string }>>;
beforeEach(() => {
  request = deferred();
  api.createLineLinkCode.mockImplementation(request.call);
});
afterEach(cleanup);

describe('LineLinkCode (docs/product.md §25)', () => {
  it('starts with the button only', () => {
    renderWithQueries(<LineLinkCode />);
    expect(button('連携コードを表示')).toBeTruthy();
    expect(screen.queryByText('連携コード')).toBeNull();
  });

  it('is busy while asking, then shows the code and until when (JST) it is valid', async () => {
    renderWithQueries(<LineLinkCode />);
    fireEvent.click(button('連携コードを表示'));
    await waitFor(() => expect(button('連携コードを表示').disabled).toBe(true));
    // 2026-11-28T01:10:00Z is 10:10 in Japan.
    await request.resolve({ code: 'AB23CD45', expiresAt: '2026-11-28T01:10:00.000Z' });
    const code = await screen.findByText('AB23CD45');
    expect(code.previousElementSibling?.textContent).toBe('連携コード');
    expect(screen.getByText('10:10まで有効（10分）')).toBeTruthy();
    expect(screen.getByText(/ここに「連携済み」と表示されます/)).toBeTruthy();
    expect(button('新しいコードを表示')).toBeTruthy();
  });

  it('shows a server error', async () => {
    renderWithQueries(<LineLinkCode />);
    fireEvent.click(button('連携コードを表示'));
    await request.reject(new ApiError(401, 'UNAUTHORIZED', 'ログインしてください'));
    expect((await screen.findByRole('alert')).textContent).toBe('ログインしてください');
  });
});
