import { NavLink } from 'react-router-dom';
import { ChevronIcon, HomeIcon, LogoMark, LogoutIcon, SettingsIcon, StarIcon, UserIcon, UsersIcon } from '@/components/icons';
import { preloadAmplify } from '@/lib/amplify-ready';
import { paths } from '@/lib/paths';
import type { NavIcon, NavItem } from './nav-items';

const ICONS: Record<NavIcon, typeof HomeIcon> = {
  home: HomeIcon,
  choosePro: StarIcon,
  profile: UserIcon,
  users: UsersIcon,
  settings: SettingsIcon,
};

/** Signing out needs Amplify, which a session still good never loaded: it starts loading at a sign of intent. */
const SIGN_OUT_INTENT = { onPointerEnter: preloadAmplify, onPointerDown: preloadAmplify, onFocus: preloadAmplify };

/** The collapsible sidebar of wide screens (4rem collapsed, 16rem expanded). */
export function Sidebar({
  items,
  collapsed,
  onToggle,
  onLogout,
  userName,
  userRole,
}: {
  items: NavItem[];
  collapsed: boolean;
  onToggle: () => void;
  onLogout: () => void;
  userName?: string;
  userRole?: string;
}) {
  return (
    <aside className={`sidebar${collapsed ? ' is-collapsed' : ''}`} data-testid="sidebar">
      <div className="sidebar-top">
        <div className="brand">
          <LogoMark />
          <span className="nav-label">Snip</span>
        </div>
        <button
          type="button"
          className="sidebar-toggle"
          onClick={onToggle}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          data-testid="sidebar-toggle"
        >
          <ChevronIcon />
        </button>
      </div>
      <nav className="sidebar-nav" aria-label="Main">
        {items.map(({ label, to, icon }) => {
          const Icon = ICONS[icon];
          return (
            <NavLink key={to} to={to} className="nav-item" title={collapsed ? label : undefined}>
              <Icon />
              <span className="nav-label">{label}</span>
            </NavLink>
          );
        })}
      </nav>
      <div className="sidebar-bottom">
        {userName && (
          <NavLink
            to={paths.account}
            className="sidebar-user"
            aria-label={`Your account: ${userName}`}
            title={collapsed ? `${userName}: your account` : 'Your account'}
          >
            <span className="avatar" aria-hidden="true">
              {userName.trim().charAt(0).toUpperCase() || '?'}
            </span>
            <span className="nav-label sidebar-user-text">
              <span className="sidebar-user-name">{userName}</span>
              {userRole && <span className={`role-badge role-${userRole}`}>{userRole}</span>}
            </span>
          </NavLink>
        )}
        <button
          type="button"
          className="nav-item nav-logout"
          onClick={onLogout}
          {...SIGN_OUT_INTENT}
          title={collapsed ? 'Logout' : undefined}
        >
          <LogoutIcon />
          <span className="nav-label">Logout</span>
        </button>
      </div>
    </aside>
  );
}

/** The fixed bottom bar of small screens. */
export function BottomBar({ items, onLogout }: { items: NavItem[]; onLogout: () => void }) {
  return (
    <nav className="bottom-bar" aria-label="Main" data-testid="bottom-bar">
      {items.map(({ label, to, icon }) => {
        const Icon = ICONS[icon];
        return (
          <NavLink key={to} to={to} className="bottom-item">
            <Icon />
            <span>{label}</span>
          </NavLink>
        );
      })}
      <button type="button" className="bottom-item" onClick={onLogout} {...SIGN_OUT_INTENT}>
        <LogoutIcon />
        <span>Logout</span>
      </button>
    </nav>
  );
}
