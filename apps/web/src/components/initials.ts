const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first character a reader sees in `word`: a letter with its accents, or a whole emoji. */
function firstCharacter(word: string): string {
  const [first] = graphemes.segment(word);
  return first?.segment ?? '';
}

/**
 * The initials of a person's name (its first and last words' first characters, upper-cased), or "?" for a
 * blank name. Whole characters: an emoji or an accented letter is never cut in half.
 */
export function initialsOf(name: string): string {
  const words = name.normalize('NFC').trim().split(/\s+/).filter(Boolean);
  const ends = words.length > 1 ? [words[0], words.at(-1)] : words;
  return ends.map((word) => firstCharacter(word ?? '').toLocaleUpperCase()).join('') || '?';
}
