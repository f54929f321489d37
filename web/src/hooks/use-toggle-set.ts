import { useState } from 'react';

/** A set of names the user turns on and off one at a time (open sections, hidden reviewers): empty at first. */
export function useToggleSet(): [ReadonlySet<string>, (name: string) => void] {
  const [set, setSet] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (name: string) =>
    setSet((prev) => {
      const next = new Set(prev);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  return [set, toggle];
}
