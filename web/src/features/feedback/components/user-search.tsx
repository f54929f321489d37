import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { UserCard } from '@shared/schemas/directory';
import { USER_SEARCH } from '@shared/feedback';
import { Avatar } from '@/components/avatar';
import { SearchBox, Segmented } from '@/components/segmented';
import { feedbackPrice } from '@/lib/money';
import { useUserSearch } from '@/features/feedback/api/users';
import { visibleGenres, type SearchType } from '@/features/feedback/utils/search';
import { isSnipPro } from '@/features/feedback/utils/share-details';
import '@/styles/forms.css';

export const NO_USERS_FOUND = 'No pros found';
const SEARCH_ERROR = 'Failed to fetch users. Please try again.';

const FILTERS: { value: SearchType; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'pro', label: 'Pros' },
  { value: 'musician', label: 'Musicians' },
];

const userName = (u: Pick<UserCard, 'fullName' | 'username'>) => u.fullName.trim() || u.username || 'User';

/** A user in the list, or as the one chosen (whose price the share form then states on its own line). */
function UserSummary({ user, withPrice = true }: { user: UserCard; withPrice?: boolean }) {
  const price = feedbackPrice(user.feedbackPriceCents);
  const genres = visibleGenres(user.genres);
  return (
    <>
      <Avatar src={user.profileImage} size={36} />
      <span className="user-option-text">
        <span className="user-option-name">
          <span className="user-option-label">{userName(user)}</span>
          <span className={`role-badge role-${user.type}`}>{user.type}</span>
        </span>
        {isSnipPro(user) ? (
          <span className="muted small">{user.bio}</span>
        ) : (
          <span className="muted small">
            @{user.username}
            {genres.length > 0 && <span data-testid="user-genres"> · {genres.join(', ')}</span>}
          </span>
        )}
      </span>
      {withPrice &&
        (price ? (
          <span className="user-option-price" data-testid="user-price">
            {price}
          </span>
        ) : (
          // Peers and pros without a price answer for free.
          <span className="user-option-price is-free" data-testid="user-free">
            Free
          </span>
        ))}
    </>
  );
}

/**
 * Finds the user to share with: a combobox whose list opens from 2 characters on, after a 300 ms pause,
 * with an optional type filter. Each result shows at most 2 genres; none found reads 'No pros found'.
 */
export function UserSearch({
  value,
  onChange,
  label = 'Share with',
  error,
}: {
  value: UserCard | null;
  onChange: (user: UserCard | null) => void;
  label?: string;
  error?: string;
}) {
  const [q, setQ] = useState('');
  const [type, setType] = useState<SearchType>(undefined);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const search = useUserSearch(q, type);
  const id = useId();
  const listId = `${id}-list`;
  const results = search.term ? (search.data ?? []) : [];

  useEffect(() => setHighlight(0), [search.data]);

  if (value) {
    return (
      <div className="field">
        <span className="field-label">{label}</span>
        <div className="user-selected" data-testid="share-user-selected">
          <UserSummary user={value} withPrice={false} />
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onChange(null);
              setQ('');
              setOpen(true);
            }}
            data-testid="share-user-change"
          >
            Change
          </button>
        </div>
      </div>
    );
  }

  const choose = (user: UserCard) => {
    onChange(user);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && results.length) {
      e.preventDefault();
      setOpen(true);
      setHighlight((h) => (h + 1) % results.length);
    } else if (e.key === 'ArrowUp' && results.length) {
      e.preventDefault();
      setHighlight((h) => (h - 1 + results.length) % results.length);
    } else if (e.key === 'Enter' && open && results[highlight]) {
      e.preventDefault();
      choose(results[highlight]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  const showList = open && q.trim().length >= USER_SEARCH.minChars;
  const settled = !!search.term && !search.typing && !search.isFetching;

  return (
    <div className={`field user-search${error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <Segmented label="Search among" options={FILTERS} value={type} onChange={setType} testIdOf={(v) => `search-type-${v ?? 'all'}`} />
      <SearchBox
        id={`${id}-input`}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && results[highlight] ? `${id}-opt-${results[highlight].id}` : undefined}
        aria-invalid={error ? true : undefined}
        placeholder="Search by name or username"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        data-testid="user-search-input"
      />
      {!showList && q.trim().length > 0 && q.trim().length < USER_SEARCH.minChars && (
        <p className="field-hint">Type at least {USER_SEARCH.minChars} characters.</p>
      )}
      {showList && (
        <div className="search-dropdown" data-testid="user-search-results">
          {search.isError ? (
            <p className="search-note field-error" role="alert">
              {SEARCH_ERROR}
            </p>
          ) : results.length > 0 ? (
            <ul id={listId} role="listbox" aria-label="Users found" className="search-options">
              {results.map((u, i) => (
                // The combobox's input takes the keys (arrows, Enter), as the ARIA pattern asks; an option takes the click.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={u.id}
                  id={`${id}-opt-${u.id}`}
                  role="option"
                  aria-selected={i === highlight}
                  className={`user-option${i === highlight ? ' is-highlighted' : ''}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setHighlight(i)}
                  onClick={() => choose(u)}
                  data-testid="user-option"
                >
                  <UserSummary user={u} />
                </li>
              ))}
            </ul>
          ) : settled ? (
            <p className="search-note muted" role="status" data-testid="user-search-empty">
              {NO_USERS_FOUND}
            </p>
          ) : (
            <p className="search-note muted" role="status">
              Searching...
            </p>
          )}
        </div>
      )}
      {error && (
        <p className="field-error" data-testid="share-user-error">
          {error}
        </p>
      )}
    </div>
  );
}
