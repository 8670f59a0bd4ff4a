import { escapeHtml } from '../lib/html';

/** The frame of every mail the app sends: title, body, signature. */
export const layout = (title: string, body: string) =>
  `<!doctype html><html lang="ja"><body style="font-family:sans-serif;color:#1c1917;line-height:1.7">` +
  `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}<p style="color:#78716c">牛帳 Ushichō</p></body></html>`;
