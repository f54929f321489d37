import type { RefObject } from 'react';
import { Button } from '@/components/button';
import { preloadConfirm } from '@/components/dialog';
import { TrashIcon } from '@/components/icons';

/**
 * Select all (of the tracks loaded: with more to load, it says how many that is) and, once some are
 * selected, how many and 'Delete selected'.
 */
export function TracksToolbar({
  selectAllRef,
  allSelected,
  loaded,
  partial,
  selectedCount,
  onSelectAll,
  onDeleteSelected,
}: {
  selectAllRef: RefObject<HTMLInputElement | null>;
  allSelected: boolean;
  /** How many tracks are loaded. */
  loaded: number;
  /** Whether more tracks than those loaded exist. */
  partial: boolean;
  selectedCount: number;
  onSelectAll: (on: boolean) => void;
  onDeleteSelected: () => void;
}) {
  return (
    <div className="tracks-toolbar" data-testid="tracks-toolbar">
      <label className="checkbox-label">
        <input
          ref={selectAllRef}
          type="checkbox"
          checked={allSelected}
          onChange={(e) => onSelectAll(e.target.checked)}
          data-testid="tracks-select-all"
        />
        Select all
        {partial && (
          <span className="muted small" data-testid="tracks-select-all-hint">
            {' '}
            ({loaded} loaded)
          </span>
        )}
      </label>
      {selectedCount > 0 && (
        <div className="tracks-bulk" role="status">
          <span className="muted small" data-testid="tracks-selected">
            {selectedCount} selected
          </span>
          <Button variant="danger" className="btn-sm" onClick={onDeleteSelected} {...preloadConfirm} data-testid="tracks-delete-selected">
            <TrashIcon width={16} height={16} />
            Delete selected
          </Button>
        </div>
      )}
    </div>
  );
}
