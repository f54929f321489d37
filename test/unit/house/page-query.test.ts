// @vitest-environment happy-dom
/**
 * test/support/page-query.ts, which finds the WebKit journeys' elements: it must match as Playwright's locators
 * do, or a journey would act on another element in WebKitGTK than in Chromium and Firefox.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resolve, type Step } from '../../support/page-query';

const ids = (steps: Step[]) => resolve(steps).map((e) => e.id);

beforeEach(() => {
  document.body.innerHTML = `
    <ul>
      <li data-testid="row" id="r1"><span data-testid="title" id="t1">Gecko Tone</span><button id="b1">Play Gecko Tone</button></li>
      <li data-testid="row" id="r2"><span data-testid="title" id="t2">Gecko Tone v2</span><button id="b2" aria-label="Play Gecko Tone v2">▶</button></li>
      <li data-testid="row" id="r3" hidden><span data-testid="title" id="t3">Hidden</span><button id="b3">Play Hidden</button></li>
    </ul>
    <label for="mail" id="l1">Email</label><input id="mail">
    <textarea id="note" aria-label="Feedback notes"></textarea>
    <div id="outer">Paid <strong id="inner">$30.00</strong></div>
  `;
});

describe('page-query', () => {
  it('finds by role and accessible name: a part, case aside, unless exact; a pattern; never what is hidden', () => {
    expect(ids([{ by: 'role', role: 'button', name: { s: 'play gecko tone' } }])).toEqual(['b1', 'b2']);
    expect(ids([{ by: 'role', role: 'button', name: { s: 'Play Gecko Tone' }, exact: true }])).toEqual(['b1']);
    expect(ids([{ by: 'role', role: 'button', name: { re: 'v2$', flags: '' } }])).toEqual(['b2']);
    expect(ids([{ by: 'role', role: 'button' }])).not.toContain('b3');
  });

  it('finds by text the innermost element, and by label through <label> or aria-label', () => {
    expect(ids([{ by: 'text', text: { s: '$30.00' } }])).toEqual(['inner']);
    expect(ids([{ by: 'text', text: { s: 'Paid $30.00' }, exact: true }])).toEqual(['outer']);
    expect(ids([{ by: 'text', text: { s: 'Gecko Tone' }, exact: true }])).toEqual(['t1']);
    expect(ids([{ by: 'label', text: { s: 'email' } }])).toEqual(['mail']);
    expect(ids([{ by: 'label', text: { s: 'Feedback notes' }, exact: true }])).toEqual(['note']);
  });

  it('filters by what an element holds, scopes the next step to it, and takes the nth', () => {
    const has: Step[] = [
      { by: 'testid', id: 'title' },
      { by: 'text', text: { s: 'Gecko Tone v2' }, exact: true },
    ];
    expect(
      ids([
        { by: 'testid', id: 'row' },
        { by: 'filter', has },
        { by: 'role', role: 'button' },
      ]),
    ).toEqual(['b2']);
    expect(
      ids([
        { by: 'testid', id: 'row' },
        { by: 'filter', hasText: { s: 'v2' } },
      ]),
    ).toEqual(['r2']);
    expect(
      ids([
        { by: 'testid', id: 'row' },
        { by: 'nth', index: 0 },
      ]),
    ).toEqual(['r1']);
    expect(
      ids([
        { by: 'testid', id: 'row' },
        { by: 'nth', index: -1 },
      ]),
    ).toEqual(['r3']);
    expect(
      ids([
        { by: 'testid', id: 'row' },
        { by: 'nth', index: 5 },
      ]),
    ).toEqual([]);
    expect(
      ids([
        { by: 'css', selector: 'li' },
        { by: 'testid', id: 'title' },
      ]),
    ).toEqual(['t1', 't2', 't3']);
  });
});
