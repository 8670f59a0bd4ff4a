import { afterEach, describe, expect, it } from 'vitest';
import { LATER_CHUNKS, linkLaterChunks } from './first-screen';

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
