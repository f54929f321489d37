/** What both stand-ins are started with (port, data directory, webhook URL, log) and what starting one gives back. */

export interface StandinOptions {
  /** Listens on 127.0.0.1:port. */
  port: number;
  /** State is kept in dataDir/state.json and survives restarts. */
  dataDir: string;
  /**
   * false: the state is never written (a run that throws its data away, the tests'). It was written whole on
   * every change, so each write cost more as a run went on.
   */
  keepData?: boolean;
  /** Where events are POSTed; while undefined, events wait. */
  webhookUrl: () => string | undefined;
  log?: (line: string) => void;
}

export interface Standin {
  /** http://localhost:port */
  url: string;
  close(): Promise<void>;
}
