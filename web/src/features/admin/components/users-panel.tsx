import { useEffect, useId, useState } from 'react';
import type { AdminUserView } from '@shared/schemas/admin';
import { SearchBox, Segmented } from '@/components/segmented';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/errors';
import { useAdminUsers, type UserTypeFilter } from '@/features/admin/api/admin';
import { userCount } from '@/features/admin/utils/format';
import { AdminEmpty, AdminList } from './admin-list';
import { UserRow } from './user-row';
import '@/features/admin/admin.css';
import '@/styles/forms.css';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

const FILTERS: { value: UserTypeFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pro', label: 'Pro' },
  { value: 'musician', label: 'Musician' },
];

/** What the page gives the list to offer 'Impersonate' (the impersonation feature does the rest). */
export interface ImpersonationOffer {
  /** An impersonation exists already: every Impersonate button is disabled. */
  active: boolean;
  /** Starts acting as the user; on success the page leaves, so it never settles back here. */
  start: (user: AdminUserView) => Promise<void>;
}

/** The admin's user list: filtered by type, searched by name or e-mail, a page at a time. */
export function UsersPanel({ impersonation }: { impersonation?: ImpersonationOffer }) {
  const searchId = useId();
  const headingId = useId();
  const [starting, setStarting] = useState<string | null>(null);
  const [startError, setStartError] = useState<{ userId: string; message: string } | null>(null);

  const impersonate = (u: AdminUserView) => {
    if (!impersonation || starting) return;
    setStarting(u.id);
    setStartError(null);
    impersonation.start(u).catch((err: unknown) => {
      console.error('Impersonation did not start', err);
      setStarting(null);
      setStartError({ userId: u.id, message: errorMessage(err, 'Could not start impersonating. Please try again.') });
    });
  };

  const [type, setType] = useState<UserTypeFilter>('all');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(type, q);
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];
  // A search reads a bounded part of the list per request: a page can hold no match while more pages
  // remain, so those are read on before saying nothing was found.
  const searchingOn = rows.length === 0 && users.hasNextPage && !users.isFetchNextPageError;
  useEffect(() => {
    if (searchingOn && !users.isFetchingNextPage) void users.fetchNextPage();
  }, [searchingOn, users]);
  const count = users.data?.pages[0]?.count;

  return (
    <section className="panel admin-users" aria-labelledby={headingId}>
      <h2 className="visually-hidden" id={headingId}>
        User list
      </h2>
      <div className="admin-users-tools">
        <Segmented
          label="User type"
          options={FILTERS}
          value={type}
          onChange={setType}
          testIdOf={(v) => `filter-${v}`}
          className="admin-filter"
        />
        <div className="field admin-search">
          <label className="field-label visually-hidden" htmlFor={searchId}>
            Search users
          </label>
          <SearchBox
            id={searchId}
            type="search"
            placeholder="Search by name or e-mail"
            value={text}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
            data-testid="user-search"
          />
        </div>
      </div>
      {typeof count === 'number' && (
        <p className="admin-count muted" aria-live="polite" data-testid="user-count">
          {userCount(count)}
        </p>
      )}
      <AdminList
        pages={users}
        // Nothing among the pages read so far: said only once the search has read them all.
        items={rows}
        testIds={{ loading: 'loading', error: 'users-error', more: 'load-more' }}
        what={['the users', 'users']}
        empty={
          searchingOn ? (
            <AdminEmpty testId="users-searching" status>
              Searching...
            </AdminEmpty>
          ) : (
            <AdminEmpty testId="users-empty">No users found</AdminEmpty>
          )
        }
      >
        {() => (
          <ul className="admin-user-list" aria-label="Users" aria-busy={users.isPlaceholderData || undefined} data-testid="admin-user-list">
            {rows.map((u) => (
              <UserRow
                key={u.id}
                user={u}
                impersonation={
                  impersonation && {
                    onStart: () => impersonate(u),
                    starting: starting === u.id,
                    disabled: impersonation.active || starting !== null,
                    error: startError?.userId === u.id ? startError.message : null,
                  }
                }
              />
            ))}
          </ul>
        )}
      </AdminList>
    </section>
  );
}
