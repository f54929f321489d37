import type { SVGProps } from 'react';

/** The brand mark: a waveform snippet. */
export const LogoMark = (p: SVGProps<SVGSVGElement>) => (
  <svg width={28} height={28} viewBox="0 0 64 64" aria-hidden focusable={false} {...p}>
    <rect width="64" height="64" rx="14" fill="var(--accent)" />
    <path
      d="M14 40c6 0 6-16 12-16s6 22 12 22 6-28 12-28"
      fill="none"
      stroke="#fff"
      strokeWidth="6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
