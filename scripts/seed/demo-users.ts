/** The demo accounts of local mode. All use the password `demo-pass` and are fully onboarded. */
export const DEMO_PASSWORD = 'demo-pass';

export interface DemoUser {
  email: string;
  fullName: string;
  username: string;
  type: 'musician' | 'pro' | 'admin';
  admin?: boolean;
  genres: string[];
  bio: string;
  feedbackPriceCents?: number | null;
  costRange?: { min: number; max: number };
  experience?: number;
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.test', fullName: 'Ada Admin', username: 'adaadmin', type: 'admin', admin: true, genres: [], bio: 'Runs the platform.' },
  { email: 'musician@demo.test', fullName: 'Mia Musician', username: 'miamusician', type: 'musician', genres: ['Indie Pop', 'Synth-pop', 'Dream Pop'], bio: 'Bedroom producer writing dreamy synth-pop.' },
  { email: 'musician2@demo.test', fullName: 'Max Musician', username: 'maxmusician', type: 'musician', genres: ['Techno', 'Drum & Bass'], bio: 'Late-night techno and rolling drum & bass.' },
  {
    email: 'pro@demo.test', fullName: 'Paul Producer', username: 'paulproducer', type: 'pro', feedbackPriceCents: 3000,
    genres: ['Hip-Hop', 'Trap', 'Contemporary R&B'], costRange: { min: 30, max: 120 }, experience: 12,
    bio: 'Grammy-nominated producer; twelve years of hip-hop and R&B records.',
  },
  {
    email: 'pro2@demo.test', fullName: 'Priya Mixer', username: 'priyamixer', type: 'pro', feedbackPriceCents: 1500,
    genres: ['House', 'Deep House', 'Techno'], costRange: { min: 15, max: 80 }, experience: 6,
    bio: 'Mix engineer for club music: low end, loudness and translation.',
  },
  {
    email: 'pro3@demo.test', fullName: 'Quinn Peer', username: 'quinnpeer', type: 'pro', feedbackPriceCents: null,
    genres: ['Indie Rock', 'Indie Folk', 'Singer-Songwriter'], costRange: { min: 0, max: 40 }, experience: 2,
    bio: 'Songwriter who gives free, honest feedback on arrangement and lyrics.',
  },
];
