/**
 * Runs in the page (bundled and sent by test/support/webkit-page.ts): finds the elements a locator's steps
 * name, as Playwright's locators do (by role and accessible name, test id, label, text, CSS; filtered by
 * what they contain; the nth). The roles and accessible names are Testing Library's, which follow the same
 * ARIA specifications Playwright's do.
 */
import { queryAllByLabelText, queryAllByRole } from '@testing-library/dom';

/** A string matched as Playwright matches one (a case-insensitive part, or the whole when exact), or a pattern. */
export type TextMatch = { s: string } | { re: string; flags: string };

export type Step =
  | { by: 'role'; role: string; name?: TextMatch; exact?: boolean }
  | { by: 'testid'; id: string }
  | { by: 'label'; text: TextMatch; exact?: boolean }
  | { by: 'text'; text: TextMatch; exact?: boolean }
  | { by: 'css'; selector: string }
  | { by: 'filter'; hasText?: TextMatch; has?: Step[] }
  | { by: 'nth'; index: number };

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

function matcher(match: TextMatch, exact = false): (text: string) => boolean {
  if ('re' in match) {
    const re = new RegExp(match.re, match.flags);
    return (text) => re.test(normal(text));
  }
  const wanted = normal(match.s);
  return exact ? (text) => normal(text) === wanted : (text) => normal(text).toLowerCase().includes(wanted.toLowerCase());
}

/** The root itself where it is an element (a chained locator may match its scope), then what it holds. */
const within = (root: ParentNode): Element[] => [...(root instanceof Element ? [root] : []), ...root.querySelectorAll('*')];

const inDocumentOrder = (elements: Iterable<Element>) =>
  [...new Set(elements)].sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));

/** Elements whose text matches and none of whose child elements' text does: the innermost, as Playwright's getByText. */
function byText(root: ParentNode, test: (text: string) => boolean): Element[] {
  return within(root).filter(
    (e) =>
      !['SCRIPT', 'STYLE', 'HEAD', 'TEMPLATE'].includes(e.tagName) &&
      test(e.textContent ?? '') &&
      ![...e.children].some((child) => test(child.textContent ?? '')),
  );
}

function find(root: ParentNode, step: Step): Element[] {
  const host = (root instanceof Document ? root.body : root) as HTMLElement;
  switch (step.by) {
    case 'role': {
      const name = step.name && matcher(step.name, step.exact);
      const options = name ? { name: (accessibleName: string) => name(accessibleName) } : {};
      // Testing Library looks below its container; the container itself may be what is asked for.
      const self =
        root instanceof Element && root.parentElement
          ? queryAllByRole(root.parentElement, step.role, options).filter((e) => e === root)
          : [];
      return [...self, ...queryAllByRole(host, step.role, options)];
    }
    case 'testid':
      return within(root).filter((e) => e.getAttribute('data-testid') === step.id);
    case 'label': {
      // <label>, aria-labelledby and aria-label alike.
      const test = matcher(step.text, step.exact);
      return queryAllByLabelText(host, (text) => test(text));
    }
    case 'text':
      return byText(root, matcher(step.text, step.exact));
    case 'css':
      return [...root.querySelectorAll(step.selector)];
    default:
      throw new Error(`${step.by} is applied to a list, not searched for`);
  }
}

/** Whether an element is seen: it has a box and is not hidden by style, as Playwright's isVisible. */
export function visible(e: Element): boolean {
  const box = e.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}

export function resolve(steps: Step[], root: ParentNode = document): Element[] {
  let found: Element[] = [root as Element];
  for (const step of steps) {
    if (step.by === 'nth') {
      const e = step.index < 0 ? found.at(step.index) : found[step.index];
      found = e ? [e] : [];
    } else if (step.by === 'filter') {
      const hasText = step.hasText && matcher(step.hasText);
      const has = step.has;
      found = found.filter((e) => (!hasText || hasText(e.textContent ?? '')) && (!has || resolve(has, e).length > 0));
    } else {
      found = inDocumentOrder(found.flatMap((r) => find(r, step)));
    }
  }
  return found;
}
