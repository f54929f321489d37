export { AudioPlayer, type AudioPlayerHandle, type PlayableTrack, type PlayerMarker } from './audio-player';
export { WaveformBars } from './waveform-bars';
export { SeekWave } from './seek-wave';
export { formatTime, clampTime } from './time';
export { decodePeaks, downsamplePeaks } from './peaks';
export { PlayAsSelect } from './play-as-picker';
export { usePlayAsRoute } from './use-play-as-route';
export { beganFrom, heardTime, pauseWhereHeard, type Began } from './heard-time';
