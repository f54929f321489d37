#!/usr/bin/env node
/**
 * Debian's Firefox ESR as Playwright's WebDriver BiDi channel ('moz-firefox') launches it: Playwright starts this
 * file in Firefox's place, with Firefox's arguments. It starts Firefox (FIREFOX_PATH, else Debian's) and sits
 * between the two on the BiDi socket, passing every message through unchanged but one kind of answer: Playwright
 * sets a few emulations on every new context and page (prefers-color-scheme, among them) with commands newer
 * than the ESR, which answers them 'unknown command'. The tests emulate none of them, so such an answer to one
 * of those commands goes back as the empty success the newer Firefox gives; any other error, and any other
 * command, reaches Playwright as Firefox sent it.
 */
import { spawn } from 'node:child_process';
import { WebSocket, WebSocketServer } from 'ws';

const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** Emulations Playwright always sets and the tests never use. */
const OPTIONAL = new Set(['emulation.setMediaFeaturesOverride']);
const LISTENING = /WebDriver BiDi listening on (ws:\/\/\S+)/;

const firefox = spawn(FIREFOX, process.argv.slice(2), { stdio: ['ignore', 'inherit', 'pipe'] });
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => firefox.kill(signal));

/** Relays one client's socket to Firefox's, answering the optional emulations Firefox does not know. */
/** A message's JSON, or {} for one that is not (passed on as it came: it is not this relay's to judge). */
function parsed(text) {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}

function relay(client, upstreamUrl) {
  const upstream = new WebSocket(upstreamUrl);
  const waiting = [];
  const asked = new Map();
  upstream.on('open', () => waiting.splice(0).forEach((message) => upstream.send(message)));
  client.on('message', (data) => {
    const text = String(data);
    const { id, method } = parsed(text);
    if (OPTIONAL.has(method)) asked.set(id, method);
    if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
    else waiting.push(text);
  });
  upstream.on('message', (data) => {
    const text = String(data);
    const answer = parsed(text);
    if (asked.has(answer.id)) {
      asked.delete(answer.id);
      if (answer.type === 'error' && answer.error === 'unknown command') {
        client.send(JSON.stringify({ type: 'success', id: answer.id, result: {} }));
        return;
      }
    }
    client.send(text);
  });
  upstream.on('close', () => client.close());
  upstream.on('error', () => client.close());
  client.on('close', () => upstream.close());
}

let pending = '';
firefox.stderr.on('data', (chunk) => {
  pending += chunk;
  for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    const found = LISTENING.exec(line);
    if (!found) {
      process.stderr.write(`${line}\n`);
      continue;
    }
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (client, request) => relay(client, new URL(request.url ?? '/', found[1]).href));
    server.on('listening', () => process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${server.address().port}\n`));
  }
});
