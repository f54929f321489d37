/** The demo accounts of local mode. All use the password `demo-pass` and are fully onboarded. */
import type { ProfilePageField, UserRecord } from '../../functions/people/data/users.js';
import type { FeedbackCategoryKey } from '../../shared/feedback.js';

export const DEMO_PASSWORD = 'demo-pass';

export interface DemoUser {
  email: string;
  fullName: string;
  username: string;
  type: 'musician' | 'pro' | 'admin';
  admin?: boolean;
  /**
   * The authenticator key (base32) the local pool gives this account when it sets up TOTP, instead of a
   * random one: the same on every machine and after `npm run reset`, so one authenticator entry keeps working.
   */
  totpSecret?: string;
  genres: string[];
  bio: string;
  feedbackPriceCents?: number | null;
  /** Vetted as World-Class by an admin, for this reason (shown on the pro's card). */
  worldClass?: string;
  /** Takes Snip Pro requests from the pool in their genres, first those asking about their focus areas. */
  takesPoolWork?: boolean;
  focusAreas?: FeedbackCategoryKey[];
  costRange?: { min: number; max: number };
  experience?: number;
  /** The profile page's fields: what Choose Your Pro and the 'More about' popover show. */
  profile?: Partial<Pick<UserRecord, ProfilePageField>>;
  /** A pending application to become a pro, for the admin's queue. */
  application?: {
    genres: string[];
    costRange: { min: number; max: number };
    experience: number;
    credits: string;
    featuredTrack: string | null;
  };
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.test',
    fullName: 'Ada Admin',
    username: 'adaadmin',
    type: 'admin',
    admin: true,
    totpSecret: 'SNIPDEMOADMINKEY234567ABCDEFGHIJ',
    genres: [],
    bio: 'Runs the platform.',
  },
  {
    email: 'musician@demo.test',
    fullName: 'Mia Musician',
    username: 'miamusician',
    type: 'musician',
    genres: ['Indie Pop', 'Synth-pop', 'Dream Pop'],
    bio: 'Bedroom producer writing dreamy synth-pop.',
  },
  {
    email: 'musician2@demo.test',
    fullName: 'Max Musician',
    username: 'maxmusician',
    type: 'musician',
    genres: ['Techno', 'Drum & Bass'],
    bio: 'Late-night techno and rolling drum & bass.',
    application: {
      genres: ['Techno', 'Drum & Bass', 'Dubstep'],
      costRange: { min: 10, max: 40 },
      experience: 5,
      credits: 'Resident at Lowlight (Leeds) since 2021; two EPs on Rinse Minimal.',
      featuredTrack: 'https://soundcloud.com/maxmusician/night-bus',
    },
  },
  {
    email: 'pro@demo.test',
    fullName: 'Paul Producer',
    username: 'paulproducer',
    type: 'pro',
    feedbackPriceCents: 3000,
    genres: ['Hip-Hop', 'Trap', 'Contemporary R&B'],
    costRange: { min: 30, max: 120 },
    experience: 12,
    bio: 'Grammy-nominated producer; twelve years of hip-hop and R&B records.',
    profile: {
      location: 'Atlanta, GA',
      keyCredits: 'Co-produced "Southside Summer" (Grammy-nominated, 2023); beats for three RIAA gold singles.',
      availability: '4-7 sessions/week',
      responseTime: 'Within 3 days',
      mentorshipStyle: 'technical',
      featuredTrack: 'https://soundcloud.com/paulproducer/southside-summer, https://youtube.com/@paulproducer',
      testimonials: '"Paul heard the problem in my hook in ten seconds." - J. Rivers',
      eventParticipation: 'A3C Festival producer panel 2024',
      socialMedia: [
        { platform: 'instagram', url: 'https://instagram.com/paulproducer' },
        { platform: 'youtube', url: 'https://youtube.com/@paulproducer' },
        { platform: 'soundcloud', url: 'https://soundcloud.com/paulproducer' },
      ],
      website: 'https://paulproducer.example.com',
    },
  },
  {
    email: 'pro2@demo.test',
    fullName: 'Priya Mixer',
    username: 'priyamixer',
    type: 'pro',
    feedbackPriceCents: 1500,
    takesPoolWork: true,
    focusAreas: ['bassline', 'mixing', 'mastering'],
    genres: ['House', 'Deep House', 'Techno'],
    costRange: { min: 15, max: 80 },
    experience: 6,
    bio: 'Mix engineer for club music: low end, loudness and translation.',
    profile: {
      location: 'Berlin, Germany',
      keyCredits: 'Mixes for Ostgut-adjacent labels; 200+ club releases mastered.',
      availability: '7+ sessions/week',
      responseTime: 'Within 3 days',
      mentorshipStyle: 'technical',
      featuredTrack: 'https://soundcloud.com/priyamixer/warehouse-mix',
      testimonials: '"My kick finally sits with the bass." - DJ Okto',
      eventParticipation: 'ADE 2024 mixing workshop',
      socialMedia: [
        { platform: 'instagram', url: 'https://instagram.com/priyamixer' },
        { platform: 'soundcloud', url: 'https://soundcloud.com/priyamixer' },
        { platform: 'linkedin', url: 'https://linkedin.com/in/priyamixer' },
      ],
      website: null,
    },
  },
  {
    email: 'pro3@demo.test',
    fullName: 'Quinn Peer',
    username: 'quinnpeer',
    type: 'pro',
    feedbackPriceCents: null,
    genres: ['Indie Rock', 'Indie Folk', 'Singer-Songwriter'],
    costRange: { min: 0, max: 40 },
    experience: 2,
    bio: 'Songwriter who gives free, honest feedback on arrangement and lyrics.',
    profile: {
      location: 'Portland, OR',
      keyCredits: null,
      availability: '1-3 sessions/week',
      responseTime: 'Within 7 days',
      mentorshipStyle: 'creative',
      featuredTrack: null,
      testimonials: null,
      eventParticipation: 'Open mic host, Mississippi Studios',
      socialMedia: [{ platform: 'tiktok', url: 'https://tiktok.com/@quinnpeer' }],
      website: null,
    },
  },
  {
    email: 'pro4@demo.test',
    fullName: 'Wren Walker',
    username: 'wrenwalker',
    type: 'pro',
    feedbackPriceCents: 9000,
    worldClass: 'Mastered two UK No. 1 singles; 20 years at Metropolis Studios',
    takesPoolWork: true,
    genres: ['Pop', 'Electropop', 'Synth-pop'],
    costRange: { min: 60, max: 200 },
    experience: 20,
    bio: 'Mastering engineer for pop records that chart: loudness, translation and the last 5%.',
    profile: {
      location: 'London, UK',
      keyCredits: 'Mastered two UK No. 1 singles; 20 years at Metropolis Studios.',
      availability: '1-3 sessions/week',
      responseTime: 'Within 7 days',
      mentorshipStyle: 'technical',
      featuredTrack: 'https://soundcloud.com/wrenwalker/masters-reel',
      testimonials: '"Wren found the 2 dB my master was missing." - Lila Hart',
      eventParticipation: 'Mastering masterclass, BBC Introducing Live 2024',
      socialMedia: [{ platform: 'instagram', url: 'https://instagram.com/wrenwalker' }],
      website: 'https://wrenwalker.example.com',
    },
  },
];
