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

/** /profile/statements/:month: a pro's statement of a month, to print or download. */
export { StatementPage as StatementRoute } from '@/features/earnings/components/statement-page';
