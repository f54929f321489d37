import { useId, useState, type FormEvent } from 'react';
import { fieldErrors } from '@shared/schemas/auth';
import { saveSocialLinksInput } from '@shared/schemas/profile';
import type { UserView } from '@shared/schemas/users';
import { SOCIAL_PLATFORMS, displaySocialValue, normalizeSocialUrl, type SocialPlatform } from '@shared/social';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { EditIcon } from '@/components/icons';
import { LinkIcon } from '@/components/icons-extra';
import { SocialIcon } from '@/components/social-icons';
import { Panel } from '@/components/panel';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { useSaveSocialLinks } from '@/features/profile/api/profile';
import { prefixText, savedSocialLinks, socialFormValues, socialLinkChanges, type SocialValues } from '@/features/profile/utils/social';
import '@/styles/forms.css';

export const SOCIAL_SAVE_FAILED = 'Failed to save your links. Please try again.';

/** A saved link as the profile shows it: the handle for a platform, the address for the website. */
const linkText = (platform: string, url: string) =>
  platform === 'website' ? url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/+$/, '') : displaySocialValue(platform, url);

/** Errors of the links, keyed by platform ('links.instagram' from the schema or the API). */
function platformErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^links\./, ''), v]));
}

/**
 * One input per platform with its prefix shown beside it (what is typed is the handle; a full address
 * is kept as typed), a link opening each saved address, Cancel and Save ('Saving...'). Empty removes.
 */
function SocialLinksDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const [initial] = useState(() => socialFormValues(user));
  const [values, setValues] = useState<SocialValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const save = useSaveSocialLinks();
  const saved = new Map(savedSocialLinks(user).map((l) => [l.platform, l.url]));
  const baseId = useId();

  const set = (platform: SocialPlatform, value: string) => {
    setValues((v) => ({ ...v, [platform]: value }));
    setErrors(({ [platform]: _gone, ...rest }) => rest);
    setFailed(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const links = socialLinkChanges(initial, values);
    if (Object.keys(links).length === 0) {
      onClose();
      return;
    }
    const parsed = saveSocialLinksInput.safeParse({ links });
    if (!parsed.success) {
      setErrors(platformErrors(fieldErrors(parsed.error)));
      return;
    }
    save.mutate(links, {
      onSuccess: onClose,
      onError: (err) => {
        console.error('Saving the social links failed', err);
        if (err instanceof ApiError && err.fields) setErrors(platformErrors(err.fields));
        else setFailed(errorMessage(err, SOCIAL_SAVE_FAILED));
      },
    });
  };

  return (
    <Dialog
      open
      title="Edit links"
      description="Type your handle for each platform, or paste a full address. Leave a box empty to remove that link."
      onClose={onClose}
      dismissible={!save.isPending}
      testId="social-dialog"
    >
      <form className="form social-form" onSubmit={submit} noValidate>
        {failed && <Alert tone="error">{failed}</Alert>}
        {SOCIAL_PLATFORMS.map((p) => {
          const id = `${baseId}-${p.key}`;
          const error = errors[p.key];
          const url = saved.get(p.key);
          const typed = values[p.key].trim();
          // Where the typed handle leads, for the hint (the server adds the same prefix).
          const target = typed && !error ? normalizeSocialUrl(p.key, typed) : null;
          const describedBy = [p.prefix ? `${id}-prefix` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
          return (
            <div key={p.key} className={`field${error ? ' has-error' : ''}`}>
              <label className="field-label" htmlFor={id}>
                {p.label}
              </label>
              <div className="social-input-row">
                <div className="input-adorned">
                  {p.prefix && (
                    <span className="input-adornment" id={`${id}-prefix`}>
                      {prefixText(p.prefix)}
                    </span>
                  )}
                  <input
                    id={id}
                    name={p.key}
                    className="field-input"
                    value={values[p.key]}
                    onChange={(e) => set(p.key, e.target.value)}
                    placeholder={p.placeholder}
                    inputMode="url"
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    maxLength={300}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy}
                    data-testid={`social-input-${p.key}`}
                  />
                </div>
                {url ? (
                  <a
                    className="icon-button social-preview"
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={`Open ${url}`}
                    aria-label={`Open your saved ${p.label} link in a new tab`}
                    data-testid={`social-preview-${p.key}`}
                  >
                    <LinkIcon width={18} height={18} />
                  </a>
                ) : (
                  <span className="social-preview-space" aria-hidden="true" />
                )}
              </div>
              {error ? (
                <p className="field-error" id={`${id}-error`} data-testid={`social-error-${p.key}`}>
                  {error}
                </p>
              ) : target && target !== url ? (
                <p className="field-hint social-target">Saves as {target}</p>
              ) : null}
            </div>
          );
        })}
        <div className="dialog-actions">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending} busyText="Saving..." data-testid="social-save">
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The saved links (and the website) as icons with their handles, and 'Edit links' to change them. */
export function SocialLinksSection({ user }: { user: UserView }) {
  const [open, setOpen] = useState(false);
  const links = savedSocialLinks(user);
  return (
    <Panel
      title="Social Links"
      titleId="profile-social-title"
      className="profile-side-panel"
      testId="profile-social-panel"
      actions={
        <Button variant="secondary" className="btn-sm" onClick={() => setOpen(true)} data-testid="edit-links">
          <EditIcon width={16} height={16} />
          Edit links
        </Button>
      }
    >
      {links.length === 0 ? (
        <p className="muted small" data-testid="profile-links-empty">
          No links yet. Add your website and where people can hear your work.
        </p>
      ) : (
        <ul className="profile-links" aria-label="Your links" data-testid="profile-links">
          {links.map((l) => (
            <li key={l.platform}>
              <a href={l.url} target="_blank" rel="noopener noreferrer" data-testid={`profile-link-${l.platform}`}>
                <SocialIcon platform={l.platform} width={18} height={18} />
                <span className="profile-link-label">{l.label}</span>
                <span className="profile-link-text">{linkText(l.platform, l.url)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {open && <SocialLinksDialog user={user} onClose={() => setOpen(false)} />}
    </Panel>
  );
}
