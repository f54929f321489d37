/** Reloads the page (spec section 4: a profile save that succeeds reloads the page). */
export function reloadPage(): void {
  window.location.reload();
}
