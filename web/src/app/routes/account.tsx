import '@/styles/app.css';

export { AccountPage as AccountRoute } from '@/features/account/components/account-page';
