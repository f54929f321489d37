/** The 12 main genres of the selection screens, each with its sub-genres (stored as the sub-genre names). */
export const MAIN_GENRES = [
  { name: 'Pop', subGenres: ['Pop', 'Dance Pop', 'Synth-pop', 'Indie Pop', 'Electropop', 'K-Pop', 'Teen Pop', 'Art Pop', 'Dream Pop', 'Power Pop'] },
  { name: 'Rock', subGenres: ['Rock', 'Alternative Rock', 'Indie Rock', 'Classic Rock', 'Hard Rock', 'Punk Rock', 'Post-Rock', 'Psychedelic Rock', 'Garage Rock', 'Progressive Rock', 'Grunge', 'Shoegaze'] },
  { name: 'Hip-Hop / Rap', subGenres: ['Hip-Hop', 'Rap', 'Trap', 'Boom Bap', 'Drill', 'Lo-fi Hip-Hop', 'Conscious Hip-Hop', 'Gangsta Rap', 'Cloud Rap', 'Grime', 'Phonk'] },
  { name: 'R&B / Soul', subGenres: ['R&B', 'Contemporary R&B', 'Neo-Soul', 'Soul', 'Funk', 'Motown', 'Quiet Storm', 'Alternative R&B', 'Gospel'] },
  { name: 'Electronic / Dance', subGenres: ['House', 'Deep House', 'Tech House', 'Techno', 'Trance', 'Drum & Bass', 'Dubstep', 'Future Bass', 'Electro', 'Garage / UK Garage', 'Ambient', 'Downtempo', 'Synthwave', 'Hardstyle', 'EDM'] },
  { name: 'Jazz / Blues', subGenres: ['Jazz', 'Smooth Jazz', 'Bebop', 'Jazz Fusion', 'Swing', 'Latin Jazz', 'Acid Jazz', 'Blues', 'Delta Blues', 'Chicago Blues', 'Blues Rock'] },
  { name: 'Country / Folk', subGenres: ['Country', 'Country Pop', 'Americana', 'Bluegrass', 'Outlaw Country', 'Folk', 'Indie Folk', 'Folk Rock', 'Singer-Songwriter'] },
  { name: 'Latin', subGenres: ['Reggaeton', 'Latin Pop', 'Salsa', 'Bachata', 'Merengue', 'Cumbia', 'Latin Trap', 'Bossa Nova', 'Tango', 'Regional Mexican'] },
  { name: 'World / Cultural', subGenres: ['Afrobeats', 'Afro House', 'Amapiano', 'Reggae', 'Dancehall', 'Dub', 'K-Indie', 'J-Pop', 'Bollywood', 'Celtic', 'Flamenco', 'Highlife'] },
  { name: 'Classical', subGenres: ['Classical', 'Baroque', 'Romantic', 'Contemporary Classical', 'Minimalism', 'Opera', 'Chamber Music', 'Choral', 'Film Score', 'Neo-Classical'] },
  { name: 'Metal', subGenres: ['Heavy Metal', 'Thrash Metal', 'Death Metal', 'Black Metal', 'Doom Metal', 'Metalcore', 'Djent', 'Nu Metal', 'Power Metal', 'Progressive Metal'] },
  { name: 'Other / Experimental', subGenres: ['Experimental', 'Noise', 'Avant-Garde', 'Sound Art', 'Glitch', 'IDM', 'Spoken Word', 'Soundtrack', 'Children\'s Music', 'Other'] },
] as const;

export const ALL_SUB_GENRES: readonly string[] = [...new Set(MAIN_GENRES.flatMap((g) => g.subGenres))];

/** The flat genre keys used on the profile page. */
export const PROFILE_GENRES = [
  { key: 'pop', label: 'Pop' }, { key: 'rock', label: 'Rock' }, { key: 'hiphop', label: 'Hip Hop' },
  { key: 'electronic', label: 'Electronic' }, { key: 'jazz', label: 'Jazz' }, { key: 'classical', label: 'Classical' },
  { key: 'rnb', label: 'R&B' }, { key: 'indie', label: 'Indie' }, { key: 'country', label: 'Country' },
  { key: 'folk', label: 'Folk' }, { key: 'metal', label: 'Metal' }, { key: 'punk', label: 'Punk' },
  { key: 'reggae', label: 'Reggae' }, { key: 'soul', label: 'Soul' }, { key: 'blues', label: 'Blues' },
  { key: 'ambient', label: 'Ambient' },
] as const;

/** 'N genre(s) selected' as the spec words it. */
export const genresSelectedText = (n: number) => `${n} genre(s) selected`;
