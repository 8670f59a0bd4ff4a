import { describe, expect, it } from 'vitest';
import { requestSource } from './event-source';

describe('requestSource (§25: web when the app says so, else api)', () => {
  it.each([
    ['web', 'web'],
    [' Web ', 'web'],
    ['WEB', 'web'],
    [undefined, 'api'],
    ['', 'api'],
    ['curl', 'api'],
    ['web2', 'api'],
  ])('%j → %s', (header, source) => {
    expect(requestSource(header)).toBe(source);
  });
});
