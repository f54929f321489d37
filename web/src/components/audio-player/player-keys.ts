import type { KeyboardEvent } from 'react';
import { PLAYER_SKIP_SECONDS } from '@shared/constants';

/**
 * The player's keyboard, on the group that holds its controls: space toggles, the arrows skip, Home and
 * End go to the ends. On a focused control space and Home/End are the control's own (a button toggles
 * itself).
 */
export function playerKeyDown({
  toggle,
  skip,
  seekTo,
  duration,
}: {
  toggle: () => void;
  skip: (delta: number) => void;
  seekTo: (time: number) => void;
  duration: number;
}) {
  return (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const onControl = target.tagName === 'BUTTON' || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA';
    switch (e.key) {
      case ' ':
      case 'Spacebar':
        if (onControl) return; // a focused button toggles itself
        e.preventDefault();
        toggle();
        break;
      case 'ArrowLeft':
        e.preventDefault();
        skip(-PLAYER_SKIP_SECONDS);
        break;
      case 'ArrowRight':
        e.preventDefault();
        skip(PLAYER_SKIP_SECONDS);
        break;
      case 'Home':
        if (onControl) return;
        e.preventDefault();
        seekTo(0);
        break;
      case 'End':
        if (onControl) return;
        e.preventDefault();
        seekTo(duration);
        break;
    }
  };
}
