import { afterEach, describe, expect, it } from 'vitest';
import { EVERY_SCREEN, fetchEveryScreen, LATER_CHUNKS, linkLaterChunks } from './first-screen';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('linkLaterChunks: the chunks index.html keeps for after the first screen', () => {
  it('adds the template’s modulepreload links to the head, as links the browser fetches', () => {
    document.head.innerHTML = `<template id="${LATER_CHUNKS}"><link rel="modulepreload" crossorigin href="/assets/forms-abc.js"></template>`;
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    linkLaterChunks();
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/forms-abc.js']);
    expect(links[0].hasAttribute('crossorigin')).toBe(true);
  });

  it('does nothing without the template (the dev server) or with an empty one', () => {
    linkLaterChunks();
    document.head.innerHTML = `<template id="${LATER_CHUNKS}"></template>`;
    linkLaterChunks();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});

describe('fetchEveryScreen: every screen fetched once the first screen is up, none of it run', () => {
  const list = (files: { js: string[]; css: string[] }) =>
    `<script type="application/json" id="${EVERY_SCREEN}">${JSON.stringify(files)}</script>`;

  it('links the scripts as modulepreload (fetched and compiled, not run) and the style sheets as the screens would', () => {
    document.head.innerHTML = list({
      js: ['/assets/settings-page-a1.js', '/assets/forms-b2.js'],
      css: ['/assets/settings-c3.css'],
    });
    fetchEveryScreen();
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((l) => l.getAttribute('href'))).toEqual(['/assets/settings-page-a1.js', '/assets/forms-b2.js']);
    expect(preloads.every((l) => l.hasAttribute('crossorigin'))).toBe(true);
    const sheets = [...document.head.querySelectorAll('link[rel="stylesheet"]')];
    expect(sheets.map((l) => l.getAttribute('href'))).toEqual(['/assets/settings-c3.css']);
    // Nothing is imported: no module script is added to the page.
    expect(document.querySelectorAll('script[type="module"]')).toHaveLength(0);
  });

  it('skips what the page links already (a screen opened before, the first screen’s own chunks)', () => {
    document.head.innerHTML = `${list({ js: ['/assets/home-page-d4.js', '/assets/kpi-page-e5.js'], css: [] })}<link rel="modulepreload" href="/assets/home-page-d4.js">`;
    fetchEveryScreen();
    const hrefs = [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(['/assets/home-page-d4.js', '/assets/kpi-page-e5.js']);
  });

  it('does nothing without the list (the dev server)', () => {
    fetchEveryScreen();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
