/** Only one player sounds at a time: starting one pauses the one that was playing. */
export interface Pausable {
  pause(): void;
}

let active: Pausable | null = null;

export function claimPlayback(player: Pausable): void {
  if (active && active !== player) active.pause();
  active = player;
}

export function releasePlayback(player: Pausable): void {
  if (active === player) active = null;
}
