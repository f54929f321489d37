import type { ReactElement } from 'react';
import { icon, type IconProps } from './icons';
import { GlobeIcon, LinkIcon } from './icons-extra';

/** Simple line marks of the social platforms a profile links to, in the icon set's style. */
const ICONS: Record<string, (p: IconProps) => ReactElement> = {
  instagram: icon([['rect', 3, 3, 18, 18, 5], ['circle', 12, 12, 4], 'M17.5 6.5h.01']),
  twitter: icon(['M4 4l16 16M20 4 4 20']),
  youtube: icon([['rect', 2, 5, 20, 14, 4], 'm10 9 5 3-5 3Z']),
  soundcloud: icon(['M10 17V9a5 5 0 0 1 9.6 2A3 3 0 0 1 19 17Z', 'M7 17v-6M4 17v-4']),
  tiktok: icon(['M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5', 'M14 3a5 5 0 0 0 5 5']),
  linkedin: icon([['rect', 3, 3, 18, 18, 3], 'M8 11v6M8 7.5h.01M12 17v-6M12 13.5a2.5 2.5 0 0 1 5 0V17']),
  website: GlobeIcon,
};

/** The icon of a platform ('website' a globe); a plain link icon for any other. Decorative. */
export function SocialIcon({ platform, ...props }: IconProps & { platform: string }) {
  const Icon = ICONS[platform.toLowerCase()] ?? LinkIcon;
  return <Icon {...props} />;
}
