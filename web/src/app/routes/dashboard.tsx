import { LoadingScreen } from '../../components/loading-screen';
import { MusicianExperience } from '../../features/dashboard/components/musician-experience';
import { ProExperience } from '../../features/dashboard/components/pro-experience';
import { TracksPanel } from '../../features/tracks/components/tracks-panel';
import { useMe } from '../../lib/auth';

/**
 * The dashboard: Musician Experience for musicians, Pro Experience for everyone else. Both show the
 * user's tracks; the features are composed here, so they never import each other.
 */
export function DashboardRoute() {
  const { data: me } = useMe();
  if (!me) return <LoadingScreen />;
  return me.type === 'musician' ? (
    <MusicianExperience user={me} tracks={<TracksPanel />} />
  ) : (
    <ProExperience user={me} tracks={<TracksPanel />} />
  );
}
