import type { AdminUserView } from '@shared/schemas/admin';
import { Avatar } from '@/components/avatar';
import { EmailAddress } from '@/components/email-address';
import { initialOf, typeLabel } from '@/features/admin/utils/format';

/** Who a user is in the admin's list: picture (or initial), name, e-mail address and type. */
export function UserIdentity({ user, name, nameId }: { user: AdminUserView; name: string; nameId: string }) {
  return (
    <div className="admin-user-who">
      {user.profileImage ? (
        <Avatar src={user.profileImage} size={40} />
      ) : (
        <span className="avatar admin-user-initial" aria-hidden="true">
          {initialOf(user.fullName, user.email)}
        </span>
      )}
      <div className="admin-user-text">
        <span className="admin-user-name" id={nameId} data-testid="admin-user-name">
          {name}
        </span>
        <EmailAddress email={user.email} className="admin-user-email muted small" testId="admin-user-email" />
        <span className={`role-badge role-${user.type}`} data-testid="admin-user-type">
          {typeLabel(user.type)}
        </span>
      </div>
    </div>
  );
}
