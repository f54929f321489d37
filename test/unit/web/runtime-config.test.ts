// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlineRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig } from '../../../web/src/lib/runtime-config';

const config = {
  mode: 'local',
  region: 'us-east-1',
  apiUrl: 'http://api.test',
  userPoolId: 'pool',
  userPoolClientId: 'client',
  realtimeUrl: 'ws://rt.test',
};
const PAGE =
  '<!doctype html><html><head><title>Snip</title><script id="runtime-config" type="application/json"></script></head><body></body></html>';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the runtime configuration', () => {
  it('is read from the page when the server inlined it: no request', async () => {
    const html = inlineRuntimeConfig(PAGE, JSON.stringify(config));
    document.head.innerHTML = html.match(/<head>(.*)<\/head>/)![1];
    const fetchMock = vi.fn();
    expect(await loadRuntimeConfig(fetchMock as unknown as typeof fetch)).toEqual(config);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to /config.json when the page has none', async () => {
    document.head.innerHTML = '<script id="runtime-config" type="application/json"></script>';
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(config)));
    expect(await loadRuntimeConfig(fetchMock as unknown as typeof fetch)).toEqual(config);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
  });

  it('refuses a configuration missing a key or of the wrong shape', () => {
    expect(parseRuntimeConfig(config)).toEqual(config);
    expect(parseRuntimeConfig({ ...config, apiUrl: '' })).toBeNull();
    expect(parseRuntimeConfig({ ...config, mode: 'prod' })).toBeNull();
    expect(parseRuntimeConfig({ ...config, realtimeUrl: 7 })).toBeNull();
    expect(parseRuntimeConfig('nope')).toBeNull();
    expect(parseRuntimeConfig({ ...config, extra: 'x' })).toEqual(config);
  });

  it('is inlined so that no value can end the element, and added to a page without one', () => {
    const html = inlineRuntimeConfig(PAGE, JSON.stringify({ ...config, realtimeUrl: 'wss://x.test/</script><script>alert(1)</script>' }));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(html.match(/application\/json">(.*?)<\/script>/)![1]).realtimeUrl).toBe(
      'wss://x.test/</script><script>alert(1)</script>',
    );
    expect(inlineRuntimeConfig('<html><head></head></html>', '{}')).toBe(
      '<html><head><script id="runtime-config" type="application/json">{}</script></head></html>',
    );
    // Inlining twice replaces, never duplicates.
    expect(inlineRuntimeConfig(inlineRuntimeConfig(PAGE, '{"a":1}'), '{"a":2}').match(/runtime-config/g)).toHaveLength(1);
  });
});
