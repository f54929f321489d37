/**
 * The functions' log lines a console spy saw: in tests Powertools runs in its development mode
 * (POWERTOOLS_DEV), which writes each line as JSON through the global console.
 */
export function loggedLines(spy: { mock: { calls: unknown[][] } }): Record<string, any>[] {
  return spy.mock.calls.flatMap(([first]) => {
    if (typeof first !== 'string' || !first.trimStart().startsWith('{')) return [];
    try {
      return [JSON.parse(first) as Record<string, any>];
    } catch {
      return [];
    }
  });
}
