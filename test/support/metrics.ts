/**
 * What the functions logged and counted, as the local log collector (the stand-in for CloudWatch Logs,
 * which reads metrics out of the same EMF lines) has it.
 */
export interface CollectedEntry {
  kind: 'log' | 'metric';
  message: string;
  correlationId?: string;
  metrics?: Record<string, unknown>;
  line: Record<string, any>;
}

/** The entries matching `filter`, once `ready` says they are all in (15 s at most). */
export async function collected(
  logsUrl: string,
  filter: Record<string, string>,
  ready: (es: CollectedEntry[]) => boolean,
): Promise<CollectedEntry[]> {
  let found: CollectedEntry[] = [];
  for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 150))) {
    found = ((await (await fetch(`${logsUrl}/logs?${new URLSearchParams(filter)}`)).json()) as { entries: CollectedEntry[] }).entries;
    if (ready(found)) return found;
  }
  throw new Error(`not collected: ${JSON.stringify(filter)}`);
}

/** The metrics a request published, once every one of `names` has come in (a request may publish them in more than one line). */
export async function metricsOf(logsUrl: string, correlationId: string, ...names: string[]): Promise<Record<string, unknown>> {
  const merged = (es: { metrics?: Record<string, unknown> }[]) =>
    es.reduce((all, e) => ({ ...all, ...e.metrics }), {} as Record<string, unknown>);
  return merged(await collected(logsUrl, { correlationId, kind: 'metric' }, (es) => es.length > 0 && names.every((n) => n in merged(es))));
}
