import { describe, expect, it } from 'vitest';
import { PROFILE_GENRES } from '../../../shared/genres';
import { genreOptions, genreSummary } from '../../../web/src/features/profile/utils/genres';
import { tierLabel, tierOfPrice } from '../../../web/src/features/profile/utils/price';
import { capitalise, changedProfileFields, normalizeLinks, profileFormValues } from '../../../web/src/features/profile/utils/profile-form';
import { prefixText, savedSocialLinks, socialFormValues, socialLinkChanges } from '../../../web/src/features/profile/utils/social';

const stored = profileFormValues({
  fullName: 'Paul Producer',
  username: 'paulp',
  bio: 'Mixing engineer',
  location: null,
  keyCredits: null,
  availability: '1-3 sessions/week',
  responseTime: null,
  mentorshipStyle: 'technical',
  featuredTrack: 'https://a.test/one, https://b.test/two',
  testimonials: null,
  eventParticipation: null,
});

describe('the profile form', () => {
  it('starts from the stored values, an empty box for each one not set', () => {
    expect(stored.fullName).toBe('Paul Producer');
    expect(stored.location).toBe('');
    expect(stored.availability).toBe('1-3 sessions/week');
    expect(profileFormValues({}).bio).toBe('');
  });

  it('sends nothing when nothing changed, whitespace, letter case of the username and link spacing included', () => {
    expect(changedProfileFields(stored, stored)).toEqual({});
    expect(
      changedProfileFields(stored, {
        ...stored,
        fullName: '  Paul Producer ',
        username: 'PaulP',
        bio: 'Mixing engineer\n',
        featuredTrack: 'https://a.test/one,https://b.test/two, ',
      }),
    ).toEqual({});
  });

  it('sends only the changed fields, trimmed, and an emptied one as an empty string', () => {
    expect(
      changedProfileFields(stored, {
        ...stored,
        bio: '  New bio  ',
        location: ' Berlin ',
        availability: '',
        mentorshipStyle: 'creative',
      }),
    ).toEqual({ bio: 'New bio', location: 'Berlin', availability: '', mentorshipStyle: 'creative' });
    expect(changedProfileFields(stored, { ...stored, fullName: '   ' })).toEqual({ fullName: '' });
    expect(changedProfileFields(stored, { ...stored, username: ' newname ' })).toEqual({ username: 'newname' });
  });

  it('reads comma-separated links as the server keeps them', () => {
    expect(normalizeLinks(' https://a.test ,, https://b.test,')).toBe('https://a.test, https://b.test');
    expect(normalizeLinks('  ')).toBe('');
  });

  it('capitalises a mentorship style for display', () => {
    expect(capitalise('holistic')).toBe('Holistic');
    expect(capitalise('')).toBe('');
  });
});

describe('genres', () => {
  it('shows three, then +N', () => {
    expect(genreSummary(['Pop', 'Rock'])).toEqual({ shown: ['Pop', 'Rock'], more: 0 });
    expect(genreSummary(['Pop', 'Rock', 'Jazz', 'Soul', 'Blues'])).toEqual({ shown: ['Pop', 'Rock', 'Jazz'], more: 2 });
  });

  it('offers the chosen genres first, then the rest of the flat list, each once', () => {
    const options = genreOptions(['House', 'Jazz']);
    expect(options.slice(0, 2)).toEqual(['House', 'Jazz']);
    expect(options).toHaveLength(PROFILE_GENRES.length + 1);
    expect(new Set(options).size).toBe(options.length);
    expect(options).toContain('Hip Hop');
    expect(options).toContain('R&B');
  });
});

describe('social links', () => {
  const user = {
    socialMedia: [
      { platform: 'youtube', url: 'https://youtube.com/@paulmix' },
      { platform: 'instagram', url: 'https://instagram.com/paul.p' },
      { platform: 'soundcloud', url: 'https://example.test/elsewhere' },
    ],
    website: 'https://paul.test',
  };

  it('lists the saved links in the platforms order, the website first', () => {
    expect(savedSocialLinks(user).map((l) => l.platform)).toEqual(['website', 'instagram', 'youtube', 'soundcloud']);
    expect(savedSocialLinks({ socialMedia: [], website: null })).toEqual([]);
  });

  it('shows each saved link as its handle, the prefix stripped (a full address of another site as it is)', () => {
    const values = socialFormValues(user);
    expect(values).toMatchObject({
      website: 'https://paul.test',
      instagram: 'paul.p',
      youtube: 'paulmix',
      soundcloud: 'https://example.test/elsewhere',
      twitter: '',
      tiktok: '',
      linkedin: '',
    });
  });

  it('sends only what changed, trimmed; an emptied box as an empty string (which removes it)', () => {
    const initial = socialFormValues(user);
    expect(socialLinkChanges(initial, initial)).toEqual({});
    expect(socialLinkChanges(initial, { ...initial, instagram: ' paul.p ' })).toEqual({});
    expect(socialLinkChanges(initial, { ...initial, twitter: ' paulp ', youtube: '' })).toEqual({ twitter: 'paulp', youtube: '' });
  });

  it('shows a prefix without its scheme', () => {
    expect(prefixText('https://linkedin.com/in/')).toBe('linkedin.com/in/');
    expect(prefixText('')).toBe('');
  });
});

describe('the price tiers', () => {
  it('finds the tier of a stored price; none for a price off the tiers', () => {
    expect(tierOfPrice(null)).toBe(0);
    expect(tierOfPrice(0)).toBe(0);
    expect(tierOfPrice(1500)).toBe(15);
    expect(tierOfPrice(9000)).toBe(90);
    expect(tierOfPrice(1250)).toBeNull();
    expect([0, 15, 30, 90].map(tierLabel)).toEqual(['Free', '$15', '$30', '$90']);
  });
});
