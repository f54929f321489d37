import '@/styles/app.css';
import { EarningsCard } from '@/features/earnings/components/earnings-card';
import { PayoutsCard } from '@/features/earnings/components/payouts-card';
import { ProfilePage } from '@/features/profile/components/profile-page';

/** /profile: the profile page, with a pro's Current Balance card ('Earnings from feedback provided') and their payouts. */
export const ProfileRoute = () => (
  <ProfilePage
    proBalance={
      <>
        <EarningsCard />
        <PayoutsCard />
      </>
    }
  />
);
