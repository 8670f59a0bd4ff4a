/**
 * The app's entry, kept tiny (decision 028, 2026-11-26): what must run first — boot.ts's early API calls and the style
 * sheet — then one frame, so the page paints index.html's '牛帳 読み込み中…' (a status for screen readers) before the
 * app's bundle (React, the router, the query client) is evaluated. On a repeat visit that bundle comes from the service
 * worker at once, and evaluated before the first frame it held the first paint back. index.html links the app's chunks
 * as modulepreload (web/first-screen-script.ts), so they still come with the first download.
 */
import './boot';
import './styles.css';

const startApp = () => void import('./app');

// A hidden page (opened in the background) draws no frame until shown: it starts the app at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
