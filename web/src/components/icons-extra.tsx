/**
 * The icons no page's first screen draws (the sign-in's e-mail check, onboarding, the reviewer's tools, the
 * upload modal, search, social links): apart from icons.tsx, which the chunk every page loads carries.
 */
import { circle, icon, rect } from './icons';

export const MailIcon = icon([rect(3, 5, 18, 14, 2), 'm3 7 9 6 9-6']);
export const MicIcon = icon([rect(9, 3, 6, 11, 3), 'M5 11a7 7 0 0 0 14 0', 'M12 18v3']);
export const HeadphonesIcon = icon(['M3 18v-6a9 9 0 0 1 18 0v6', 'M21 19a2 2 0 0 1-2 2h-1v-7h3Z', 'M3 19a2 2 0 0 0 2 2h1v-7H3Z']);
export const SparkIcon = icon(['M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8']);
export const TemplateIcon = icon([rect(4, 3, 16, 18, 2), 'M8 8h8M8 12h8M8 16h5']);
export const MusicIcon = icon(['M9 18V5l12-2v13', circle(6, 18, 3), circle(18, 16, 3)]);
export const ClockIcon = icon([circle(12, 12, 9), 'M12 7v5l3 2']);
export const SearchIcon = icon([circle(11, 11, 7), 'm20 20-3.5-3.5']);
export const LinkIcon = icon(['M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7', 'M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7']);
export const GlobeIcon = icon([circle(12, 12, 9), 'M3 12h18', 'M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18Z']);
