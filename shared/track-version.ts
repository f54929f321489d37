/** How a track's version is named wherever its title is shown: 'Night Drive (v2)'; v1 is the title alone. */
export function versionedTitle(track: { title: string; version?: number | null }): string {
  return track.version && track.version > 1 ? `${track.title} (v${track.version})` : track.title;
}
