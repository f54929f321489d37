import { TELEMETRY } from '@shared/constants';
import type { TelemetryEvent } from '@shared/schemas/telemetry';

/** What a session's sampling knows; kept in sessionStorage so a reload stays the same session. */
export interface SessionState {
  id: string;
  /** Drawn in the sampled share of sessions at its start. */
  sampled: boolean;
  /** An error happened: everything is sent from then on (and what was held, with the error). */
  kept: boolean;
  /** Session events of an unsampled session, held in case an error comes (oldest first, bounded). */
  held: TelemetryEvent[];
}

export function newSession(random: () => number = Math.random, id: string = crypto.randomUUID()): SessionState {
  return { id, sampled: random() < TELEMETRY.sessionSampleRate, kept: false, held: [] };
}

/**
 * The spec's rule for one event: returns what to send now. Traces (API calls) always go; an error
 * always goes, takes what the session held with it, and keeps the session from then on; any other
 * event goes when the session was drawn or kept, and is otherwise held (the oldest dropped past the bound).
 */
export function offer(session: SessionState, event: TelemetryEvent): TelemetryEvent[] {
  if (event.kind === 'trace') return [event];
  if (event.kind === 'error') {
    const out = [...session.held, event];
    session.kept = true;
    session.held = [];
    return out;
  }
  if (session.sampled || session.kept) return [event];
  session.held.push(event);
  if (session.held.length > TELEMETRY.heldEvents) session.held.splice(0, session.held.length - TELEMETRY.heldEvents);
  return [];
}

/** Whether a session's events (other than traces) reach the reports. */
export const isReported = (session: SessionState) => session.sampled || session.kept;
