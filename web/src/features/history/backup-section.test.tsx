import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackupSection } from './backup-section';

afterEach(cleanup);

/** The section, with fetch answering the restore as the test says. */
function renderSection(answer: () => Promise<Response>) {
  const fetched: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The file is sent as it is (the API reads it as a stream).
      const body = init?.body instanceof Blob ? await init.body.text() : init?.body;
      let parsed: unknown = body;
      try {
        parsed = body ? JSON.parse(String(body)) : undefined;
      } catch {
        // Not JSON: kept as the text sent.
      }
      fetched.push({ url: String(url), body: parsed });
      return answer();
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BackupSection farmId={7} />
    </QueryClientProvider>,
  );
  const choose = (text: string) =>
    fireEvent.change(screen.getByLabelText('バックアップファイル'), {
      target: { files: [new File([text], 'farm.json', { type: 'application/json' })] },
    });
  const confirm = () => {
    fireEvent.click(screen.getByRole('button', { name: 'この牧場に復元' }));
    const buttons = screen.getAllByRole('button', { name: 'この牧場に復元' });
    fireEvent.click(buttons[buttons.length - 1]);
  };
  return { fetched, choose, confirm };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const DOC = { format: 'ushicho-farm', version: 1, cattle: [], events: [] };

describe('BackupSection (restore a backup)', () => {
  it('empty: the restore cannot start without a file', () => {
    renderSection(() => Promise.resolve(json(200, {})));
    expect(screen.getByRole('button', { name: 'この牧場に復元' })).toHaveProperty('disabled', true);
  });

  it("invalid: the API's 400 naming rows and fields is shown as a list, one line per row, in Japanese", async () => {
    const { choose, confirm } = renderSection(() =>
      Promise.resolve(
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: '性別は雄・去勢・雌のいずれかを選択してください',
            field: 'cattle[3].gender',
            issues: [
              { field: 'cattle[3].gender', message: '性別は雄・去勢・雌のいずれかを選択してください' },
              { field: 'events[12].event_type', message: '無効なイベントタイプです' },
              { field: 'events[6].details', message: 'JSONとして読めません' },
            ],
            requestId: 'r1',
          },
        }),
      ),
    );
    choose(JSON.stringify(DOC));
    confirm();
    await screen.findByText('バックアップに誤りがあります（3 件）。何も書き込んでいません。');
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual([
      '牛 4件目（gender）: 性別は雄・去勢・雌のいずれかを選択してください',
      '記録 13件目（event_type）: 無効なイベントタイプです',
      '記録 7件目（details）: JSONとして読めません',
    ]);
  });

  it("invalid: a file that is not JSON gets the API's message", async () => {
    const { fetched, choose, confirm } = renderSection(() =>
      Promise.resolve(
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'バックアップファイルをJSONとして読めません（0文字目）',
            requestId: 'r1',
          },
        }),
      ),
    );
    choose('not json');
    confirm();
    await screen.findByText('バックアップファイルをJSONとして読めません（0文字目）');
    expect(fetched).toEqual([{ url: '/api/v1/farms/7/restore', body: 'not json' }]);
  });

  it('server error: a restore already running (409) and a file over the cap (413) show their messages', async () => {
    for (const [status, code, message] of [
      [409, 'RESTORE_IN_PROGRESS', 'この牧場は復元中です'],
      [413, 'PAYLOAD_TOO_LARGE', 'バックアップファイルが大きすぎます（上限 150 MB）'],
    ] as const) {
      const { choose, confirm } = renderSection(() =>
        Promise.resolve(json(status, { error: { code, message, requestId: 'r1' } })),
      );
      choose(JSON.stringify(DOC));
      confirm();
      await screen.findByText(message);
      expect(screen.queryByRole('list')).toBeNull();
      cleanup();
    }
  });

  it("server error: the API's message (a farm with animals) is shown in the dialog", async () => {
    const { choose, confirm } = renderSection(() =>
      Promise.resolve(
        json(409, {
          error: { code: 'FARM_NOT_EMPTY', message: '牛が登録されている牧場には復元できません', requestId: 'r1' },
        }),
      ),
    );
    choose(JSON.stringify(DOC));
    confirm();
    await screen.findByText('牛が登録されている牧場には復元できません');
  });

  it('saving, then saved: the confirm waits for the answer, then the counts are shown', async () => {
    let resolve: (r: Response) => void = () => {};
    const { fetched, choose, confirm } = renderSection(() => new Promise((r) => (resolve = r)));
    choose(JSON.stringify(DOC));
    confirm();
    await waitFor(() => expect(fetched).toHaveLength(1));
    expect(fetched[0]).toEqual({ url: '/api/v1/farms/7/restore', body: DOC });
    const pending = screen.getAllByRole('button', { name: 'この牧場に復元' });
    expect(pending[pending.length - 1]).toHaveProperty('disabled', true);
    resolve(json(200, { data: { counts: { cattle: 12, events: 340 } } }));
    await screen.findByText('復元しました（牛 12 頭、記録 340 件）');
  });
});
