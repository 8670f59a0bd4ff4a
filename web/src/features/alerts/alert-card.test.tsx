import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ALERT_MESSAGES } from '@worker/alerts/alerts.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertView } from '../../api/alerts';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { AlertCard } from './alert-card';

const api = vi.hoisted(() => ({ memo: vi.fn(), status: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/alerts', () => ({
  alertHistoryQuery: (id: string) => ({ queryKey: ['alerts', 'history', id], queryFn: async () => [] }),
  useChangeAlertStatus: () => ({ mutateAsync: api.status, mutate: api.status, isPending: false, error: null }),
  useSaveAlertMemo: () => ({ mutateAsync: api.memo, isPending: false, error: null }),
}));

const alert = {
  id: 'alert-1',
  type: 'DRY_OFF_DUE',
  severity: 'warning',
  status: 'acknowledged',
  message: '本日乾乳予定',
  memo: '様子見',
  dueAt: null,
  cattleId: 7,
  cattleName: 'はなこ',
  cattleEarTagNumber: '1234567890',
} as unknown as AlertView;

/** The dialogs' forms load on first opening (alert-dialogs.tsx): the field is there once the chunk has run. */
const opened = (label: string) => screen.findByLabelText(label);
const openMenuItem = (name: string) => {
  fireEvent.click(screen.getByText('その他'));
  fireEvent.click(button(name));
  return opened('メモ（1000文字まで）');
};
const openResolve = () => {
  fireEvent.click(button('解決'));
  return opened('理由（任意）');
};
const dialogField = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

let request: ReturnType<typeof deferred<unknown>>;
beforeEach(() => {
  request = deferred();
  api.memo.mockImplementation(request.call);
  api.status.mockImplementation(request.call);
});
afterEach(cleanup);

describe('AlertCard: the memo form', () => {
  it('opens with the memo the alert has', async () => {
    renderWithQueries(<AlertCard alert={alert} />);
    await openMenuItem('メモ');
    expect((screen.getByLabelText('メモ（1000文字まで）') as HTMLTextAreaElement).value).toBe('様子見');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a memo over 1000 characters in place', async () => {
    renderWithQueries(<AlertCard alert={alert} />);
    await openMenuItem('メモ');
    dialogField('メモ（1000文字まで）', 'あ'.repeat(1001));
    fireEvent.click(button('メモを保存'));
    expect(screen.getByRole('alert').textContent).toBe(ALERT_MESSAGES.memoTooLong);
    expect(api.memo).not.toHaveBeenCalled();
  });

  it('is saving, then shows a server error in the dialog', async () => {
    renderWithQueries(<AlertCard alert={alert} />);
    await openMenuItem('メモ');
    dialogField('メモ（1000文字まで）', '  明日見る  ');
    fireEvent.click(button('メモを保存'));
    await waitFor(() => expect(button('メモを保存').disabled).toBe(true));
    expect(request.sent).toEqual([{ id: 'alert-1', input: { memo: '明日見る' } }]);
    await request.reject(new ApiError(404, 'NOT_FOUND', 'アラートが見つかりません'));
    expect((await screen.findByRole('alert')).textContent).toBe('アラートが見つかりません');
  });

  it('closes once saved', async () => {
    renderWithQueries(<AlertCard alert={alert} />);
    await openMenuItem('メモ');
    fireEvent.click(button('メモを保存'));
    await request.resolve({});
    await waitFor(() => expect(screen.queryByLabelText('メモ（1000文字まで）')).toBeNull());
  });
});

describe('AlertCard: resolving with a reason', () => {
  it('opens with an empty, optional reason', async () => {
    renderWithQueries(<AlertCard alert={alert} />);
    await openResolve();
    expect((screen.getByLabelText('理由（任意）') as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses a reason over 500 characters', async () => {
    renderWithQueries(<AlertCard alert={alert} />);
    await openResolve();
    dialogField('理由（任意）', 'あ'.repeat(501));
    fireEvent.click(screen.getAllByRole('button', { name: '解決' }).at(-1) as HTMLElement);
    expect(screen.getByRole('alert').textContent).toBe(ALERT_MESSAGES.reasonTooLong);
    expect(api.status).not.toHaveBeenCalled();
  });

  it('is saving, shows a refused change, and closes once saved', async () => {
    renderWithQueries(<AlertCard alert={alert} />);
    await openResolve();
    dialogField('理由（任意）', '乾乳済み');
    const submit = () => screen.getAllByRole('button', { name: '解決' }).at(-1) as HTMLButtonElement;
    fireEvent.click(submit());
    await waitFor(() => expect(submit().disabled).toBe(true));
    expect(request.sent).toEqual([{ id: 'alert-1', input: { status: 'resolved', reason: '乾乳済み' } }]);
    await request.reject(new ApiError(409, 'CONFLICT', 'このアラートはすでに解決されています'));
    expect((await screen.findByRole('alert')).textContent).toBe('このアラートはすでに解決されています');
    fireEvent.click(submit());
    await request.resolve({});
    await waitFor(() => expect(screen.queryByLabelText('理由（任意）')).toBeNull());
  });
});
