import { describe, expect, it } from 'vitest';
import { rendererLocation } from '../../../src/main/renderer-location';

const indexFile = '/app/out/renderer/index.html';

describe('where the window loads from', () => {
  it('loads the built page and recognises only that file as its own', () => {
    const location = rendererLocation({ indexFile, packaged: true });
    expect(location.url).toBe('file:///app/out/renderer/index.html');
    expect(location.isOwn('file:///app/out/renderer/index.html')).toBe(true);
    expect(location.isOwn('file:///app/out/renderer/index.html#/about?x=1')).toBe(true);
    expect(location.isOwn('file:///app/out/renderer/other.html')).toBe(false);
    expect(location.isOwn('file://evil-host/app/out/renderer/index.html')).toBe(false);
    expect(location.isOwn('https://app/out/renderer/index.html')).toBe(false);
    expect(location.isOwn('not a url')).toBe(false);
  });

  it('uses the dev server only while unpackaged and only on loopback', () => {
    const dev = rendererLocation({ indexFile, packaged: false, devServerUrl: 'http://localhost:5173/' });
    expect(dev.url).toBe('http://localhost:5173/');
    expect(dev.isOwn('http://localhost:5173/index.html')).toBe(true);
    expect(dev.isOwn('http://localhost:5174/')).toBe(false);

    expect(rendererLocation({ indexFile, packaged: true, devServerUrl: 'http://localhost:5173/' }).url).toMatch(/^file:/);
    expect(rendererLocation({ indexFile, packaged: false, devServerUrl: 'https://evil.example/' }).url).toMatch(/^file:/);
    expect(rendererLocation({ indexFile, packaged: false, devServerUrl: 'garbage' }).url).toMatch(/^file:/);
  });
});
