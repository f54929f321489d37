import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** The icon set's common SVG attributes (line icons on a 24 px grid, hidden from assistive tech). */
export const iconBase = (props: IconProps) => ({
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...props,
});

export const HomeIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h14V9.5" />
    <path d="M10 21v-6h4v6" />
  </svg>
);

export const StarIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z" />
  </svg>
);

export const UserIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </svg>
);

export const UsersIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
    <path d="M18 14.3c2.1.7 3.5 2.7 3.5 5.7" />
  </svg>
);

export const SettingsIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </svg>
);

export const LogoutIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </svg>
);

export const ChevronIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);

export const MailIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);

export const MicIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0" />
    <path d="M12 18v3" />
  </svg>
);

export const HeadphonesIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
    <path d="M21 19a2 2 0 0 1-2 2h-1v-7h3Z" />
    <path d="M3 19a2 2 0 0 0 2 2h1v-7H3Z" />
  </svg>
);

export const SparkIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
  </svg>
);

export const TemplateIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <rect x="4" y="3" width="16" height="18" rx="2" />
    <path d="M8 8h8M8 12h8M8 16h5" />
  </svg>
);

export const WaveIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M2 12h2M6 8v8M10 4v16M14 7v10M18 10v4M22 12h-2" />
  </svg>
);

export { LogoMark } from './logo-mark';

export const PlayIcon = (p: IconProps) => (
  <svg {...iconBase({ fill: 'currentColor', stroke: 'none', ...p })}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);

export const PauseIcon = (p: IconProps) => (
  <svg {...iconBase({ fill: 'currentColor', stroke: 'none', ...p })}>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);

/** Skip back 10 seconds: a counter-clockwise arrow around "10". */
export const SkipBackIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M3 12a9 9 0 1 0 3-6.7" />
    <path d="M3 4v5h5" />
    <text x="12" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="currentColor" stroke="none">
      10
    </text>
  </svg>
);

export const SkipForwardIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M21 12a9 9 0 1 1-3-6.7" />
    <path d="M21 4v5h-5" />
    <text x="12" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="currentColor" stroke="none">
      10
    </text>
  </svg>
);

export const TrashIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M3 6h18" />
    <path d="M8 6V4a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2" />
    <path d="M19 6 18 20a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1L5 6" />
    <path d="M10 11v6M14 11v6" />
  </svg>
);

export const AlertIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5h.01" />
  </svg>
);

export const UploadIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M12 16V4" />
    <path d="m7 9 5-5 5 5" />
    <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </svg>
);

export const ScissorsIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="6" cy="6" r="3" />
    <circle cx="6" cy="18" r="3" />
    <path d="M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12" />
  </svg>
);

export const MessageIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
  </svg>
);

export const SendIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="m22 2-7 20-4-9-9-4Z" />
    <path d="M22 2 11 13" />
  </svg>
);

export const CloseIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);

export const MusicIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </svg>
);

export const EditIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </svg>
);

export const CheckIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M20 6 9 17l-5-5" />
  </svg>
);

export const ClockIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);

export const SearchIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

export const LinkIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </svg>
);

export const GlobeIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18" />
    <path d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18Z" />
  </svg>
);

export const ChevronDownIcon = (p: IconProps) => (
  <svg {...iconBase(p)}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
