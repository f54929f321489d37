import { describe, expect, it } from 'vitest';
import { categoryStatusText } from '../../../shared/feedback';
import type { UserCard } from '../../../shared/schemas/directory';
import { checkShareDetails } from '../../../web/src/features/feedback/components/share-modal';
import {
  activeCommentIds,
  commentAuthorName,
  commentMarkers,
  isNearPlayhead,
  sortComments,
} from '../../../web/src/features/feedback/utils/comments';
import { criteriaBars, hasFeedbackToSend, setCriterion, toggleStar } from '../../../web/src/features/feedback/utils/ratings';
import { searchTerm, userSearchKey, visibleGenres } from '../../../web/src/features/feedback/utils/search';
import { statusLabel, statusTone } from '../../../web/src/features/feedback/utils/share';
import { captureTimestamp, parseTimestamp } from '../../../web/src/features/feedback/utils/timestamp';
import { featuredLinks, proDetails, proLinks, proName } from '../../../web/src/features/pros/utils/pro';
import { feedbackPrice, formatPrice } from '../../../web/src/lib/money';

const c = (id: string, timestamp: number | null, createdAt = '2026-01-01T00:00:00.000Z') => ({ id, timestamp, createdAt });

describe('comment order and the playhead', () => {
  it('puts timestamped comments in time order, ties by creation, general feedback last', () => {
    const sorted = sortComments([
      c('general-2', null, '2026-01-01T00:00:05.000Z'),
      c('at-30', 30),
      c('general-1', null, '2026-01-01T00:00:01.000Z'),
      c('at-5-late', 5, '2026-01-01T00:00:09.000Z'),
      c('at-5-early', 5, '2026-01-01T00:00:02.000Z'),
      c('at-0', 0),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(['at-0', 'at-5-early', 'at-5-late', 'at-30', 'general-1', 'general-2']);
  });

  it('highlights a comment while the playhead is within 2 s of it, never a general one', () => {
    expect(isNearPlayhead(10, 8)).toBe(true);
    expect(isNearPlayhead(10, 12)).toBe(true);
    expect(isNearPlayhead(10, 12.01)).toBe(false);
    expect(isNearPlayhead(10, 7.9)).toBe(false);
    expect(isNearPlayhead(null, 0)).toBe(false);
    expect(isNearPlayhead(10, null)).toBe(false);
    const comments = [c('a', 3), c('b', 4.5), c('c', 9), c('d', null)];
    expect([...activeCommentIds(comments, 4)].sort()).toEqual(['a', 'b']);
    expect([...activeCommentIds(comments, 8)]).toEqual(['c']);
    expect(activeCommentIds(comments, 20).size).toBe(0);
    // A comment on a range is current all through it.
    const ranged = [{ ...c('r', 10), endTimestamp: 30 }, c('p', 40)];
    expect([...activeCommentIds(ranged, 25)]).toEqual(['r']);
    expect(activeCommentIds(ranged, 31).size).toBe(0);
  });

  it('draws a comment on a range as a band from its start to its end', () => {
    const [range, moment] = commentMarkers([
      { id: 'r', timestamp: 72, endTimestamp: 86, text: 'Build drags', tags: [] },
      { id: 'm', timestamp: 90, text: 'Drop', tags: [] },
    ]);
    expect(range).toMatchObject({ id: 'r', time: 72, end: 86 });
    expect(moment).not.toHaveProperty('end');
  });

  it('marks the timestamped comments on the waveform, coloured by their first tag', () => {
    const markers = commentMarkers(
      [
        { id: 'a', timestamp: 12, text: 'Kick is muddy', tags: ['#Mixing', '#Rhythm'] },
        { id: 'b', timestamp: null, text: 'Overall nice', tags: [] },
        { id: 'c', timestamp: 40, text: 'x'.repeat(100), tags: [] },
      ],
      new Set(['a']),
    );
    expect(markers).toHaveLength(2);
    expect(markers[0]).toEqual({ id: 'a', time: 12, label: 'Kick is muddy', colour: '#22d3ee', active: true });
    expect(markers[1].active).toBe(false);
    expect(markers[1].colour).toBeUndefined();
    expect(markers[1].label).toHaveLength(80);
  });

  it('names the sharer when the sharer wrote the comment, else the recipient', () => {
    const share = { sharedByUserId: 'm', sharedByName: 'Mia Musician', sharedWithName: 'Quinn Peer' };
    expect(commentAuthorName({ userId: 'm', authorName: '' }, share)).toBe('Mia Musician');
    expect(commentAuthorName({ userId: 'q', authorName: '' }, share)).toBe('Quinn Peer');
  });
});

describe('stars and the feedback submit', () => {
  it('clicking the same star again clears it; another star replaces it', () => {
    expect(toggleStar(null, 3)).toBe(3);
    expect(toggleStar(3, 3)).toBeNull();
    expect(toggleStar(3, 5)).toBe(5);
    let criteria = setCriterion({}, 'mixingMastering', 4);
    expect(criteria).toEqual({ mixingMastering: 4 });
    criteria = setCriterion(criteria, 'energyImpact', 2);
    criteria = setCriterion(criteria, 'mixingMastering', 4);
    expect(criteria).toEqual({ energyImpact: 2 });
  });

  it('has something to send with a rating, a comment or a general comment', () => {
    expect(hasFeedbackToSend({}, 0, '   ')).toBe(false);
    expect(hasFeedbackToSend({ vocalsLyrics: 1 }, 0, '')).toBe(true);
    expect(hasFeedbackToSend({}, 1, '')).toBe(true);
    expect(hasFeedbackToSend({}, 0, 'Great track')).toBe(true);
  });

  it('draws a bar per rated criterion, in the order of the criteria', () => {
    expect(criteriaBars({ energyImpact: 5, mixingMastering: 2 })).toEqual([
      { key: 'mixingMastering', label: 'Mixing & Mastering', score: 2, percent: 40 },
      { key: 'energyImpact', label: 'Energy & Impact', score: 5, percent: 100 },
    ]);
  });
});

describe('the comment timestamp', () => {
  const fresh = { text: '', timestamp: null, touched: false };

  it("takes the playhead's whole second when typing starts", () => {
    expect(captureTimestamp(fresh, 'T', 12.8)).toBe(12);
    expect(captureTimestamp(fresh, '   ', 12.8)).toBeNull();
    expect(captureTimestamp(fresh, 'T', 0)).toBe(0);
  });

  it('keeps it while typing on, and after the writer removed or set it', () => {
    expect(captureTimestamp({ text: 'Th', timestamp: 12, touched: false }, 'The', 40)).toBe(12);
    expect(captureTimestamp({ text: 'Th', timestamp: null, touched: true }, 'The', 40)).toBeNull();
    expect(captureTimestamp({ text: '', timestamp: null, touched: true }, 'A', 40)).toBeNull();
    expect(captureTimestamp({ text: '', timestamp: 7, touched: true }, 'A', 40)).toBe(7);
  });

  it('reads m:ss or seconds, clamped to the track', () => {
    expect(parseTimestamp('1:05')).toBe(65);
    expect(parseTimestamp(' 0:07 ')).toBe(7);
    expect(parseTimestamp('42')).toBe(42);
    expect(parseTimestamp('9:99')).toBeNull();
    expect(parseTimestamp('abc')).toBeNull();
    expect(parseTimestamp('5:00', 187.4)).toBe(187);
  });
});

describe('user search', () => {
  it('searches from 2 characters, trimmed', () => {
    expect(searchTerm('q')).toBeNull();
    expect(searchTerm(' q ')).toBeNull();
    expect(searchTerm(' qu ')).toBe('qu');
  });

  it('keys the cache by text (case-insensitive) and type', () => {
    expect(userSearchKey('Quinn', undefined)).toEqual(['users', 'search', 'all', 'quinn']);
    expect(userSearchKey('quinn', 'pro')).toEqual(['users', 'search', 'pro', 'quinn']);
    expect(userSearchKey('QUINN', 'pro')).toEqual(userSearchKey('quinn', 'pro'));
    expect(userSearchKey('quinn', 'musician')).not.toEqual(userSearchKey('quinn', 'pro'));
  });

  it('shows at most 2 genres', () => {
    expect(visibleGenres(['Indie Rock', 'Indie Folk', 'Singer-Songwriter'])).toEqual(['Indie Rock', 'Indie Folk']);
    expect(visibleGenres(['House'])).toEqual(['House']);
  });
});

describe('shares, prices and pros', () => {
  it('colours the status badges: accepted green, pending yellow, declined red, other grey', () => {
    expect(['accepted', 'pending', 'declined', 'completed'].map(statusTone)).toEqual(['green', 'yellow', 'red', 'grey']);
    expect(statusLabel('completed')).toBe('Completed');
  });

  it('says how many categories are selected', () => {
    expect(categoryStatusText(0)).toBe('No categories selected - this will be general timestamped feedback');
    expect(categoryStatusText(1)).toBe('1 category selected');
    expect(categoryStatusText(3)).toBe('3 categories selected');
  });

  it('requires a user, a track, feedback notes and context', () => {
    expect(checkShareDetails({ user: null, trackId: '', feedbackNotes: ' ', context: '' })).toEqual({
      user: 'Choose who to share with',
      trackId: 'Choose a track',
      feedbackNotes: 'Feedback notes are required',
      context: 'Context is required',
    });
    expect(checkShareDetails({ user: {} as UserCard, trackId: 't', feedbackNotes: 'Chorus?', context: 'mix_check' })).toEqual({});
  });

  it('shows prices in dollars, only when set', () => {
    expect(formatPrice(3000)).toBe('$30');
    expect(formatPrice(1250)).toBe('$12.50');
    expect(feedbackPrice(3000)).toBe('$30');
    expect(feedbackPrice(null)).toBeNull();
    expect(feedbackPrice(0)).toBeNull();
  });

  const pro: UserCard = {
    id: 'p',
    fullName: '',
    username: '',
    type: 'pro',
    bio: null,
    genres: ['House', 'Techno'],
    feedbackPriceCents: null,
    freeRechecks: false,
    worldClass: null,
    profileImage: null,
    availability: '1-3 sessions/week',
    responseTime: null,
    keyCredits: '  ',
    featuredTrack: 'https://a.test/one, not a link ,http://b.test/two',
    socialMedia: [
      { platform: 'instagram', url: 'https://instagram.com/x' },
      { platform: 'twitter', url: 'javascript:alert(1)' },
    ],
    website: 'https://x.test',
  };

  it("falls back to 'User' for a pro with no name", () => {
    expect(proName(pro)).toBe('User');
    expect(proName({ ...pro, fullName: 'Quinn Peer' })).toBe('Quinn Peer');
  });

  it('lists only the details that are present, genres comma-joined', () => {
    expect(proDetails(pro)).toEqual([
      { label: 'Availability', value: '1-3 sessions/week' },
      { label: 'Genres', value: 'House, Techno' },
    ]);
    expect(featuredLinks(pro.featuredTrack)).toEqual(['https://a.test/one', 'http://b.test/two']);
    expect(featuredLinks(null)).toEqual([]);
    expect(proLinks(pro).map((l) => l.label)).toEqual(['Instagram', 'Website']);
  });
});
