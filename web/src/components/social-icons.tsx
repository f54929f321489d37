import type { ReactElement } from 'react';
import { GlobeIcon, iconBase as base, LinkIcon, type IconProps } from './icons';

/** Simple line marks of the social platforms a profile links to, in the icon set's style. */
const ICONS: Record<string, (p: IconProps) => ReactElement> = {
  instagram: (p) => (
    <svg {...base(p)}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </svg>
  ),
  twitter: (p) => (
    <svg {...base(p)}>
      <path d="M4 4l16 16M20 4 4 20" />
    </svg>
  ),
  youtube: (p) => (
    <svg {...base(p)}>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3Z" />
    </svg>
  ),
  soundcloud: (p) => (
    <svg {...base(p)}>
      <path d="M10 17V9a5 5 0 0 1 9.6 2A3 3 0 0 1 19 17Z" />
      <path d="M7 17v-6M4 17v-4" />
    </svg>
  ),
  tiktok: (p) => (
    <svg {...base(p)}>
      <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
      <path d="M14 3a5 5 0 0 0 5 5" />
    </svg>
  ),
  linkedin: (p) => (
    <svg {...base(p)}>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 11v6M8 7.5h.01M12 17v-6M12 13.5a2.5 2.5 0 0 1 5 0V17" />
    </svg>
  ),
  website: GlobeIcon,
};

/** The icon of a platform ('website' a globe); a plain link icon for any other. Decorative. */
export function SocialIcon({ platform, ...props }: IconProps & { platform: string }) {
  const Icon = ICONS[platform.toLowerCase()] ?? LinkIcon;
  return <Icon {...props} />;
}
