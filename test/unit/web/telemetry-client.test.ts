// @vitest-environment happy-dom
import { expect, it, vi } from 'vitest';
import type { TelemetryBatch } from '../../../shared/schemas/telemetry';
import { recordPageView, reportError, startTelemetry } from '../../../web/src/lib/telemetry/client';

it('holds what is recorded before the reporter loads, and sends it at the first error with the page each was on', async () => {
  const sent: TelemetryBatch[] = [];
  startTelemetry({
    endpoint: 'https://api.example.com/telemetry',
    random: () => 0.99,
    transport: (_, body) => sent.push(JSON.parse(body)),
  });
  window.history.pushState({}, '', '/dashboard');
  recordPageView();
  window.history.pushState({}, '', '/profile');
  expect(sent).toEqual([]);
  reportError(new Error('Broken on the profile'), { source: 'render' });
  await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
  expect(sent[0].events).toEqual([
    expect.objectContaining({ kind: 'session', name: 'page', page: '/dashboard' }),
    expect.objectContaining({ kind: 'error', source: 'render', message: 'Broken on the profile', page: '/profile' }),
  ]);
});
