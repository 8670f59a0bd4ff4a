import { describe, expect, it } from 'vitest';
import { bookmarkOf, D1_BOOKMARK_HEADER, keepAnswerBookmark, sendBookmark } from './d1-bookmark';

describe('the D1 bookmark kept per farm', () => {
  it('sends back the last bookmark received for the same farm, and none for another farm', () => {
    const asked = new Headers({ 'X-Farm-Id': '7' });
    keepAnswerBookmark(asked, new Response(null, { headers: { [D1_BOOKMARK_HEADER]: 'b-1' } }));
    keepAnswerBookmark(asked, new Response(null, { headers: { [D1_BOOKMARK_HEADER]: 'b-2' } }));
    const next = new Headers({ 'X-Farm-Id': '7' });
    sendBookmark(next);
    expect(next.get(D1_BOOKMARK_HEADER)).toBe('b-2');
    const other = new Headers({ 'X-Farm-Id': '8' });
    sendBookmark(other);
    expect(other.get(D1_BOOKMARK_HEADER)).toBeNull();
  });

  it('keeps the bookmark when an answer has none', () => {
    keepAnswerBookmark(
      new Headers({ 'X-Farm-Id': '9' }),
      new Response(null, { headers: { [D1_BOOKMARK_HEADER]: 'b-9' } }),
    );
    keepAnswerBookmark(new Headers({ 'X-Farm-Id': '9' }), new Response(null));
    expect(bookmarkOf('9')).toBe('b-9');
  });
});
