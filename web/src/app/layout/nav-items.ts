import { paths } from '@/lib/paths';

export type NavRole = 'musician' | 'pro' | 'admin';
export type NavIcon = 'home' | 'choosePro' | 'profile' | 'users' | 'settings';

export interface NavItem {
  label: string;
  to: string;
  icon: NavIcon;
}

/**
 * The navigation of spec section 2: Home (non-admins), Choose Pro (musicians only), Profile (non-admins),
 * Users (admin), Settings (admin). The Logout button follows them.
 */
export function navItems(role: NavRole): NavItem[] {
  if (role === 'admin') {
    return [
      { label: 'Users', to: paths.adminUsers, icon: 'users' },
      { label: 'Settings', to: paths.adminSettings, icon: 'settings' },
    ];
  }
  return [
    { label: 'Home', to: paths.dashboard, icon: 'home' },
    ...(role === 'musician' ? [{ label: 'Choose Pro', to: paths.choosePro, icon: 'choosePro' as const }] : []),
    { label: 'Profile', to: paths.profile, icon: 'profile' },
  ];
}
