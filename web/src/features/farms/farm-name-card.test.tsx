import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Farm } from '../../api/farms';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { FarmNameCard } from './farm-name-card';
import '../../lib/messages';

const api = vi.hoisted(() => ({ renameFarm: vi.fn() }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/farms', () => ({
  renameFarm: api.renameFarm,
  farmsQuery: { queryKey: ['farms'], queryFn: async () => [] },
}));

const farm = { id: 3, name: '山田牧場', role: 'owner' } as Farm;
const NAME = '牧場名';
const rename = (name: string) => {
  fireEvent.change(screen.getByLabelText(NAME), { target: { value: name } });
  fireEvent.click(button('保存'));
};

let request: ReturnType<typeof deferred<{ id: number; name: string }>>;
beforeEach(() => {
  request = deferred();
  api.renameFarm.mockImplementation((farmId: number, input: unknown) => request.call({ farmId, input }));
});
afterEach(cleanup);

const openForm = () => {
  renderWithQueries(<FarmNameCard farm={farm} />);
  fireEvent.click(button('名前を変更'));
};

describe('FarmNameCard', () => {
  it('opens on the farm’s current name', () => {
    openForm();
    expect((screen.getByLabelText(NAME) as HTMLInputElement).value).toBe('山田牧場');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an empty name with the API’s words, sending nothing', () => {
    openForm();
    rename('   ');
    expect(screen.getByRole('alert').textContent).toBe('牧場名は1〜50文字で入力してください');
    expect(api.renameFarm).not.toHaveBeenCalled();
  });

  it('is saving, then shows a refusal', async () => {
    openForm();
    rename(' 西の放牧場（夏） ');
    await waitFor(() => expect(button('保存').disabled).toBe(true));
    expect(request.sent).toEqual([{ farmId: 3, input: { name: '西の放牧場（夏）' } }]);
    await request.reject(new ApiError(403, 'FORBIDDEN', 'この操作はオーナーのみ可能です'));
    expect((await screen.findByRole('alert')).textContent).toBe('この操作はオーナーのみ可能です');
  });

  it('closes the form and says so once renamed', async () => {
    openForm();
    rename('西の放牧場（夏）');
    await request.resolve({ id: 3, name: '西の放牧場（夏）' });
    expect((await screen.findByRole('status')).textContent).toBe('牧場名を変更しました');
    expect(screen.queryByLabelText(NAME)).toBeNull();
  });
});
