export { AudioPlayer, type AudioPlayerHandle, type PlayableTrack, type PlayerMarker } from './audio-player';
export { WaveformBars } from './waveform-bars';
export { formatTime, clampTime } from './time';
export { decodePeaks, downsamplePeaks } from './peaks';
export { PlayAsSelect } from './play-as-picker';
export { usePlayAsRoute } from './use-play-as-route';
