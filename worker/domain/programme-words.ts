// No zod here: the first screen's task cards import this (the first-screen build check refuses zod there).
/**
 * The words of the example programmes in English (their names and step titles, as every new farm gets them). A
 * programme or step the farmer named keeps its name in every language; only these are the product's own words.
 */
const EXAMPLE_WORDS_EN: Readonly<Record<string, string>> = {
  'Ovsynch（定時授精）': 'Ovsynch (timed AI)',
  分娩後検診: 'Post-calving check',
  授精: 'AI',
};

/** A programme's name or a step's title as the app shows it: the example programmes' words in the chosen language. */
export const programmeWords = (text: string, locale: 'ja' | 'en'): string =>
  locale === 'en' ? (EXAMPLE_WORDS_EN[text] ?? text) : text;
