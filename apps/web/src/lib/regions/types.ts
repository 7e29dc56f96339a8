/**
 * Shapes of the region data set (country → first-level division → city).
 *
 * The sources are written compactly: a place is `'Value'` or `'Value|native'` (or, for Chinese,
 * `'Value|简体|繁體'` when the Traditional form is not the character-by-character conversion of
 * the Simplified one). `Value` is the stable English or romanized name stored in a profile; the
 * native label is shown when the interface language is the country's `native` language.
 */

/** Interface languages that have native labels in some country's data. */
export type NativeLanguage = 'zh' | 'ja' | 'ko' | 'vi' | 'th' | 'ru' | 'de' | 'fr' | 'es' | 'it' | 'pt';

/** One division: its place string and, optionally, its cities as `'City|native, City, …'`. */
export type DivisionSource = readonly [division: string, cities?: string];

export interface CountrySource {
  /** The language of the native labels, if any. */
  readonly native?: NativeLanguage;
  /** Keep the divisions in the written (official) order instead of sorting them by label. */
  readonly ordered?: boolean;
  readonly divisions: readonly DivisionSource[];
}

/** A parsed division or city. */
export interface Place {
  readonly value: string;
  /** Label in the country's native language (Simplified for Chinese). */
  readonly native?: string;
  /** Traditional Chinese label, when it is not derived from `native` by character conversion. */
  readonly hant?: string;
}

export interface Division extends Place {
  readonly cities: readonly Place[];
}

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  readonly code: string;
  readonly native?: NativeLanguage;
  readonly ordered: boolean;
  readonly divisions: readonly Division[];
}
