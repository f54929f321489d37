/**
 * One note kept in this tab's sessionStorage under `key`, for a later page of the same visit. Storage may
 * be off (private modes): then nothing is kept, and the note reads as never written.
 */
export function sessionNote(key: string) {
  return {
    keep(value: string): void {
      try {
        sessionStorage.setItem(key, value);
      } catch {
        // Not kept: the reader copes without it.
      }
    },
    peek(): string | null {
      try {
        return sessionStorage.getItem(key);
      } catch {
        return null;
      }
    },
    forget(): void {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing was kept.
      }
    },
  };
}
