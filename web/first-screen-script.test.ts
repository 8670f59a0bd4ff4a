import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowInlineScripts, inlineScriptHashes } from './first-screen-script';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// The built index.html's inline scripts run only if the Content-Security-Policy names their hashes (decision 064).
describe('inline scripts allowed by their hashes', () => {
  const html = [
    '<head><script>(() => { document.documentElement.dataset.theme = "dark"; })();</script>',
    '<script type="application/json" id="every-screen">{"js":[]}</script>',
    '<script type="module" crossorigin src="/assets/index.js"></script>',
    '<script async src="/x.js"></script></head><body><script>window.__early = null;</script></body>',
  ].join('\n');

  it('hashes each inline classic script, as a browser hashes its text, and no module, data or file script', () => {
    expect(inlineScriptHashes(html)).toEqual([
      sha256('(() => { document.documentElement.dataset.theme = "dark"; })();'),
      sha256('window.__early = null;'),
    ]);
  });

  it("adds the hashes to script-src 'self' of every policy, and refuses headers without one", () => {
    const headers =
      "/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' https://c.example; style-src 'self'\n";
    expect(allowInlineScripts(headers, ["'sha256-a'", "'sha256-b'"])).toBe(
      "/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b' https://c.example; style-src 'self'\n",
    );
    expect(() => allowInlineScripts('/*\n  X-Frame-Options: DENY\n', ["'sha256-a'"])).toThrow(/script-src 'self'/);
  });
});
