import { LoadingScreen } from '../../components/loading-screen';
import { MusicianExperience } from '../../features/dashboard/components/musician-experience';
import { ProExperience } from '../../features/dashboard/components/pro-experience';
import { useMe } from '../../lib/auth';

/** The dashboard: Musician Experience for musicians, Pro Experience for everyone else. */
export function DashboardRoute() {
  const { data: me } = useMe();
  if (!me) return <LoadingScreen />;
  return me.type === 'musician' ? <MusicianExperience user={me} /> : <ProExperience user={me} />;
}
