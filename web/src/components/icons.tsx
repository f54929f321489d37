import type { ReactNode, SVGProps } from 'react';

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

/** One element of an icon's drawing: a path's data, a circle (cx, cy, r) or a rectangle (x, y, width, height, rx). */
export type IconPart = string | readonly ['circle', number, number, number] | readonly ['rect', number, number, number, number, number];

function drawPart(part: IconPart, key: number) {
  if (typeof part === 'string') return <path key={key} d={part} />;
  if (part[0] === 'circle') return <circle key={key} cx={part[1]} cy={part[2]} r={part[3]} />;
  return <rect key={key} x={part[1]} y={part[2]} width={part[3]} height={part[4]} rx={part[5]} />;
}

/** An icon of the set drawn from its parts (`defaults`: attributes of its own, e.g. filled; `extra`: drawn last). */
export function icon(parts: readonly IconPart[], defaults: IconProps = {}, extra?: ReactNode) {
  return function Icon(props: IconProps) {
    return (
      <svg {...iconBase({ ...defaults, ...props })}>
        {parts.map(drawPart)}
        {extra}
      </svg>
    );
  };
}

/** An icon's circle and rectangle (see IconPart). */
export const circle = (cx: number, cy: number, r: number) => ['circle', cx, cy, r] as const;
export const rect = (x: number, y: number, width: number, height: number, rx: number) => ['rect', x, y, width, height, rx] as const;
const filled: IconProps = { fill: 'currentColor', stroke: 'none' };
/** The '10' inside the skip icons. */
const ten = (
  <text x="12" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="currentColor" stroke="none">
    10
  </text>
);

export const HomeIcon = icon(['M3 10.5 12 3l9 7.5', 'M5 9.5V21h14V9.5', 'M10 21v-6h4v6']);
export const StarIcon = icon(['m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z']);
export const UserIcon = icon([circle(12, 8, 4), 'M4 21c0-4 3.6-7 8-7s8 3 8 7']);
export const UsersIcon = icon([
  circle(9, 8, 3.5),
  'M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6',
  'M16 4.5a3.5 3.5 0 0 1 0 7',
  'M18 14.3c2.1.7 3.5 2.7 3.5 5.7',
]);
export const SettingsIcon = icon([
  circle(12, 12, 3),
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z',
]);
export const LogoutIcon = icon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9']);
export const ChevronIcon = icon(['m15 18-6-6 6-6']);
export const WaveIcon = icon(['M2 12h2M6 8v8M10 4v16M14 7v10M18 10v4M22 12h-2']);

export { LogoMark } from './logo-mark';

export const PlayIcon = icon(['M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z'], filled);
export const PauseIcon = icon([rect(6, 5, 4, 14, 1), rect(14, 5, 4, 14, 1)], filled);
/** Skip back 10 seconds: a counter-clockwise arrow around "10". */
export const SkipBackIcon = icon(['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5'], {}, ten);
export const SkipForwardIcon = icon(['M21 12a9 9 0 1 1-3-6.7', 'M21 4v5h-5'], {}, ten);
export const TrashIcon = icon([
  'M3 6h18',
  'M8 6V4a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2',
  'M19 6 18 20a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1L5 6',
  'M10 11v6M14 11v6',
]);
export const AlertIcon = icon([circle(12, 12, 9), 'M12 7.5v5.5M12 16.5h.01']);
export const UploadIcon = icon(['M12 16V4', 'm7 9 5-5 5 5', 'M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3']);
export const ScissorsIcon = icon([circle(6, 6, 3), circle(6, 18, 3), 'M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12']);
export const MessageIcon = icon(['M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z']);
export const SendIcon = icon(['m22 2-7 20-4-9-9-4Z', 'M22 2 11 13']);
export const CloseIcon = icon(['M18 6 6 18M6 6l12 12']);
export const EditIcon = icon(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z']);
export const CheckIcon = icon(['M20 6 9 17l-5-5']);
export const ChevronDownIcon = icon(['m6 9 6 6 6-6']);
