/**
 * The local stand-in for CloudWatch Logs. In AWS a function's stdout goes to its log group, and the EMF
 * lines among it become metrics; here the functions run in this process (the gateway, the jobs) or in
 * its processing workers, whose output is forwarded to it. The collector takes the structured lines
 * (JSON objects: Powertools log lines and EMF metric lines) from stdout and stderr instead of printing
 * them, keeps the last ones, shows them on a page beside the mail viewer (and as JSON at /logs), and says
 * each error in one line on the console, so a developer sees a crash the moment it happens. Any other
 * output passes through untouched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { outlastClientsKeepAlive } from '../stack/ports.js';

const KEEP = 5000;

export interface LogEntry {
  seq: number;
  /** 'log' for a Powertools line, 'metric' for an EMF line. */
  kind: 'log' | 'metric';
  level: string;
  message: string;
  service?: string;
  correlationId?: string;
  /** Metric names and values of an EMF line. */
  metrics?: Record<string, unknown>;
  /** The line as written. */
  line: Record<string, unknown>;
}

export interface LogCollector {
  url: string;
  entries(filter?: { correlationId?: string; level?: string; kind?: string; message?: string }): LogEntry[];
  stop(): Promise<void>;
}

type Write = typeof process.stdout.write;

/** A structured line, or null for anything else (which is printed as it is). */
function parse(text: string): Record<string, unknown> | null {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return null;
  try {
    const v = JSON.parse(t) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const o = v as Record<string, unknown>;
    return ('level' in o && 'message' in o) || '_aws' in o ? o : null;
  } catch {
    return null;
  }
}

function toEntry(seq: number, line: Record<string, unknown>): LogEntry {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  if ('_aws' in line) {
    const aws = line._aws as { CloudWatchMetrics?: { Metrics?: { Name: string }[] }[] };
    const names = (aws.CloudWatchMetrics ?? []).flatMap((d) => (d.Metrics ?? []).map((m) => m.Name));
    return {
      seq,
      kind: 'metric',
      level: 'METRIC',
      message: names.join(', '),
      service: str(line.service),
      correlationId: str(line.correlationId),
      metrics: Object.fromEntries(names.map((n) => [n, line[n]])),
      line,
    };
  }
  return {
    seq,
    kind: 'log',
    level: String(line.level),
    message: String(line.message),
    service: str(line.service),
    correlationId: str(line.correlationId),
    line,
  };
}

/** One console line for an error: what failed, where, and where to read the rest. */
function notice(e: LogEntry, url: string): string {
  const l = e.line;
  const error = l.error as { name?: string; message?: string } | undefined;
  // A browser's report is about the API call it names, not about the request that brought it.
  const browser = 'sessionId' in l;
  const what = (browser ? [l.apiRoute ?? l.page, l.apiStatus] : [l.route, l.status]).filter((v) => v !== undefined).join(' ');
  const oneLine = (t: string) => (t.length > 160 ? `${t.slice(0, 159)}…` : t);
  const why = error ? oneLine(`${error.name ?? 'Error'}: ${error.message ?? ''}`.replace(/\s+/g, ' ')) : '';
  const link = e.correlationId ? `${url}/?correlationId=${encodeURIComponent(e.correlationId)}` : url;
  return `[error] ${e.message}${what ? ` (${what})` : ''}${why ? ` - ${why}` : ''} - ${link}\n`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(entries: LogEntry[], filter: Record<string, string>): string {
  const rows = entries
    .slice(-500)
    .reverse()
    .map((e) => {
      const l = e.line;
      const when = typeof l.timestamp === 'string' ? l.timestamp.slice(11, 23) : '';
      const cid = e.correlationId
        ? `<a href="/?correlationId=${encodeURIComponent(e.correlationId)}">${escapeHtml(e.correlationId)}</a>`
        : '';
      return `<tr class="${e.level.toLowerCase()}" data-level="${escapeHtml(e.level)}" data-correlation-id="${escapeHtml(e.correlationId ?? '')}"><td>${escapeHtml(when)}</td><td>${escapeHtml(e.level)}</td><td>${escapeHtml(e.service ?? '')}</td><td>${escapeHtml(e.message)}${(l.error as { message?: string } | undefined)?.message ? `<br><small>${escapeHtml(String((l.error as { message: string }).message).slice(0, 200))}</small>` : ''}</td><td>${cid}</td><td><details><summary>line</summary><pre>${escapeHtml(JSON.stringify(l, null, 2))}</pre></details></td></tr>`;
    })
    .join('\n');
  const value = (k: string) => escapeHtml(filter[k] ?? '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local logs</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px system-ui,sans-serif;margin:1rem;background:#11131a;color:#eceef5}a{color:#b9b0ff}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #2a2e3d;padding:.3rem .5rem;text-align:left;vertical-align:top}tr.error td{background:#3a1620}tr.warn td{background:#33290f}
tr.metric td{color:#9aa3bd}pre{white-space:pre-wrap;max-width:60rem}form{display:flex;gap:.5rem;flex-wrap:wrap;margin-bottom:1rem}input,select,button{font:inherit}</style></head>
<body><h1>Local logs</h1><p>The functions' structured lines and metrics, and the browser's reports (newest first; the page refreshes every 3 s).</p>
<form><label>Correlation id <input name="correlationId" value="${value('correlationId')}"></label>
<label>Level <select name="level"><option value="">any</option>${['ERROR', 'WARN', 'INFO', 'METRIC'].map((l) => `<option${filter.level === l ? ' selected' : ''}>${l}</option>`).join('')}</select></label>
<button>Filter</button> <a href="/">All</a></form>
<table><thead><tr><th>Time</th><th>Level</th><th>Service</th><th>Message</th><th>Correlation id</th><th></th></tr></thead><tbody>
${rows || '<tr><td colspan="6">Nothing logged yet.</td></tr>'}</tbody></table>
<script>setTimeout(() => { if (!document.querySelector('details[open]')) location.reload(); }, 3000);</script></body></html>`;
}

/** Starts collecting (and serving on `port`); `say` prints the console's one-line notices. */
export async function startLogCollector(
  port: number,
  say: (line: string) => void = (l) => void process.stderr.write(l),
): Promise<LogCollector> {
  const kept: LogEntry[] = [];
  let seq = 0;
  // One notice per failure: a request's own error line and its 'Request failed' line share a correlation id.
  const noticed = new Map<string, number>();
  const firstNotice = (e: LogEntry) => {
    if (!e.correlationId) return true;
    const now = Date.now();
    for (const [id, at] of noticed) if (now - at > 10_000) noticed.delete(id);
    const seen = noticed.has(e.correlationId);
    noticed.set(e.correlationId, now);
    return !seen;
  };
  let url = `http://localhost:${port}`;
  const originals: [NodeJS.WriteStream, Write][] = [
    [process.stdout, process.stdout.write],
    [process.stderr, process.stderr.write],
  ];
  for (const [stream, original] of originals) {
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      const text =
        typeof chunk === 'string'
          ? chunk
          : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array
            ? Buffer.from(chunk).toString('utf8')
            : null;
      if (text === null) return original.call(this, chunk as string, ...(rest as []));
      const passed: string[] = [];
      for (const raw of text.split('\n')) {
        const line = parse(raw);
        if (!line) {
          passed.push(raw);
          continue;
        }
        const entry = toEntry(++seq, line);
        kept.push(entry);
        if (kept.length > KEEP) kept.splice(0, kept.length - KEEP);
        if ((entry.level === 'ERROR' || entry.level === 'CRITICAL') && firstNotice(entry)) say(notice(entry, url));
      }
      const out = passed.join('\n');
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (!out) {
        callback?.();
        return true;
      }
      return original.call(this, out, ...(rest as []));
    } as Write;
  }

  const entries: LogCollector['entries'] = (f = {}) =>
    kept.filter(
      (e) =>
        (!f.correlationId || e.correlationId === f.correlationId) &&
        (!f.level || e.level === f.level) &&
        (!f.kind || e.kind === f.kind) &&
        (!f.message || e.message === f.message),
    );

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    const filter = Object.fromEntries(
      ['correlationId', 'level', 'kind', 'message'].flatMap((k) => (u.searchParams.get(k) ? [[k, u.searchParams.get(k)!]] : [])),
    );
    if (u.pathname === '/logs') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ entries: entries(filter) }));
    } else if (u.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page(entries(filter), filter));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    outlastClientsKeepAlive(server);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  url = `http://localhost:${(server.address() as AddressInfo).port}`;

  return {
    url,
    entries,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const [stream, original] of originals) stream.write = original;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
