import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more';
import '../lib/messages';

afterEach(cleanup);

describe('LoadMore', () => {
  it('asks for the next page on a tap', () => {
    const fetchNextPage = vi.fn();
    render(<LoadMore pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} />);
    const more = screen.getByRole('button', { name: 'さらに表示' }) as HTMLButtonElement;
    expect(more.disabled).toBe(false);
    fireEvent.click(more);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('says 読み込み中… and takes no second tap while the page comes', () => {
    const fetchNextPage = vi.fn();
    render(<LoadMore pages={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} />);
    const more = screen.getByRole('button', { name: '読み込み中…' }) as HTMLButtonElement;
    expect(more.disabled).toBe(true);
    fireEvent.click(more);
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it('is gone once the last page is shown', () => {
    render(<LoadMore pages={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: vi.fn() }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
