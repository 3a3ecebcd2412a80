import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from './prerender.tsx';

describe('the prerendered first screen (decision 012)', () => {
  it('renders the home page, not a spinner, in the language and currency asked for', async () => {
    const html = await renderFirstScreen('/', { language: 'es', currency: 'USD' });
    expect(html).toContain('<h1 class="home-hero__title">');
    expect(html).toContain('ES · USD');
    expect(html).toContain('role="tablist"');
    expect(html).not.toContain('Cargando...');
    // The page is in place, not behind a fallback with a script to swap it in (the CSP refuses inline script).
    expect(html).not.toMatch(/<script|<template/);
  });

  it('renders each language from its own translations', async () => {
    const titles = new Set<string>();
    for (const language of ['ko', 'en', 'zh', 'ja', 'es'] as const) {
      const html = await renderFirstScreen('/', { language, currency: 'KRW' });
      titles.add(/<h1 class="home-hero__title">([^<]+)<\/h1>/.exec(html)?.[1] ?? '');
    }
    expect(titles.size).toBe(5);
    expect(titles).not.toContain('');
  });

  it('renders the login page with its heading', async () => {
    const html = await renderFirstScreen('/login', { language: 'ja', currency: 'JPY' });
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toContain('JA · JPY');
  });
});
