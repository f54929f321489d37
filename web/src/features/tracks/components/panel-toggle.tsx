import type { ButtonHTMLAttributes } from 'react';
import { preload, type OnDemand } from '@/lib/on-demand';
import type { RowPanel } from '@/features/tracks/hooks/use-track-row-panels';

/**
 * A chip that opens and closes one of the row's panels (its `aria-controls`: the panel's id); pointing at
 * it or focusing it starts loading the panel's code (`preloads`).
 */
export function PanelToggle({
  panel,
  testId,
  preloads,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  panel: RowPanel;
  testId: string;
  preloads?: OnDemand<unknown>;
}) {
  const warm = preloads ? () => preload(preloads) : undefined;
  return (
    <button
      type="button"
      className={`chip-button${panel.open ? ' is-active' : ''}`}
      aria-expanded={panel.open}
      aria-controls={panel.id}
      onClick={() => panel.setOpen((o) => !o)}
      onPointerEnter={warm}
      onFocus={warm}
      data-testid={testId}
      {...rest}
    />
  );
}
