import { describe, expect, it } from 'vitest';
import { rendererLocation } from '../../../src/main/renderer-location';

describe('where the window loads from', () => {
  it('loads the built page from the app scheme and recognises only that page as its own', () => {
    const location = rendererLocation({ packaged: true });
    expect(location.url).toBe('app://muster/index.html');
    expect(location.isOwn('app://muster/index.html')).toBe(true);
    expect(location.isOwn('app://muster/index.html#/about?x=1')).toBe(true);
    expect(location.isOwn('app://muster/other.html')).toBe(false);
    expect(location.isOwn('app://muster/assets/index.js')).toBe(false);
    expect(location.isOwn('app://evil/index.html')).toBe(false);
    expect(location.isOwn('app://user@muster/index.html')).toBe(false);
    expect(location.isOwn('file:///app/out/renderer/index.html')).toBe(false);
    expect(location.isOwn('https://muster/index.html')).toBe(false);
    expect(location.isOwn('not a url')).toBe(false);
  });

  it('uses the dev server only while unpackaged and only on loopback', () => {
    const dev = rendererLocation({ packaged: false, devServerUrl: 'http://localhost:5173/' });
    expect(dev.url).toBe('http://localhost:5173/');
    expect(dev.isOwn('http://localhost:5173/index.html')).toBe(true);
    expect(dev.isOwn('http://localhost:5174/')).toBe(false);

    expect(rendererLocation({ packaged: true, devServerUrl: 'http://localhost:5173/' }).url).toMatch(/^app:/);
    expect(rendererLocation({ packaged: false, devServerUrl: 'https://evil.example/' }).url).toMatch(/^app:/);
    expect(rendererLocation({ packaged: false, devServerUrl: 'garbage' }).url).toMatch(/^app:/);
  });
});
