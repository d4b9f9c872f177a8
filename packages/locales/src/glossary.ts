import type { Locale } from './index';

/** The things of the domain (spec: concern > branch > location > rack > shelf > container; article). */
export type GlossaryConcept = 'concern' | 'branch' | 'location' | 'rack' | 'shelf' | 'container' | 'article';

export interface GlossaryEntry {
  /** The one word for the thing in this language (its singular, as a heading says it). */
  term: string;
  /** Words that name the same thing in other places and must not: matched case-insensitively as words. */
  avoid: readonly RegExp[];
}

/**
 * One glossary per language: each thing has one name, everywhere (issue 14: German had "Filiale/Standort"
 * in the selector and "Niederlassungen/Lagerorte" elsewhere; Hungarian "telephely" for both branch and
 * location). The translation test fails on a word from `avoid`; a new synonym belongs there.
 */
export const GLOSSARY: Record<Locale, Record<GlossaryConcept, GlossaryEntry>> = {
  en: {
    concern: { term: 'concern', avoid: [/\bgroup of companies\b/] },
    branch: { term: 'branch', avoid: [/\bsubsidiar(y|ies)\b/, /\bsites?\b/] },
    location: { term: 'location', avoid: [/\bwarehouses?\b/, /\bstorage sites?\b/] },
    rack: { term: 'rack', avoid: [/\bshelving units?\b/] },
    shelf: { term: 'shelf', avoid: [/\bshelf boards?\b/] },
    container: { term: 'container', avoid: [/\bbins?\b/, /\bboxes\b/] },
    article: { term: 'article', avoid: [/\bproducts?\b/] },
  },
  de: {
    concern: { term: 'Konzern', avoid: [/\bunternehmensgruppe/] },
    branch: { term: 'Niederlassung', avoid: [/filiale/, /zweigstelle/] },
    location: { term: 'Lagerort', avoid: [/standort/, /lagerplatz/] },
    rack: { term: 'Regal', avoid: [/\bgestell(e|en)?\b/] },
    shelf: { term: 'Fachboden', avoid: [/regalboden/, /\bregalfach/] },
    container: { term: 'Behälter', avoid: [/\bcontainer\b/, /\bkiste/] },
    article: { term: 'Artikel', avoid: [/\bprodukt/] },
  },
  cs: {
    concern: { term: 'koncern', avoid: [/\bskupin[ay] (firem|společností)/] },
    branch: { term: 'pobočka', avoid: [/\bfiliál/, /\bprovozovn/] },
    location: { term: 'skladové místo', avoid: [/\bsklad(y|u|ech|ům)?\b/, /\blokalit/] },
    rack: { term: 'regál', avoid: [/\bstojan/] },
    shelf: { term: 'police', avoid: [/\bpatr[oa]\b/] },
    container: { term: 'zásobník', avoid: [/\bkontejner/, /\bpřepravk/] },
    article: { term: 'artikl', avoid: [/\bvýrob(ek|ku|ky)\b/, /\bprodukt/] },
  },
  hu: {
    concern: { term: 'konszern', avoid: [/\bvállalatcsoport/] },
    // "telephely" read as branch in some places and as location in others: neither uses it.
    branch: { term: 'fióktelep', avoid: [/telephely/] },
    location: { term: 'raktárhely', avoid: [/telephely/, /\btárolási hely/] },
    rack: { term: 'állvány', avoid: [/\bpolcrendszer/] },
    shelf: { term: 'polc', avoid: [/\bpolcszint/] },
    container: { term: 'tároló', avoid: [/\bkonténer/, /\btartály/, /\brekesz/] },
    article: { term: 'cikk', avoid: [/\btermék/, /\bárucikk/] },
  },
  pl: {
    concern: { term: 'koncern', avoid: [/\bgrup[aey] (firm|spółek)/] },
    branch: { term: 'oddział', avoid: [/\bfili[ia]/] },
    location: { term: 'miejsce składowania', avoid: [/\bmagazyn(y|u|ie|ów|em|ach|ami)?\b/, /\blokalizacj/] },
    rack: { term: 'regał', avoid: [/\bstela[żz]/] },
    shelf: { term: 'półka', avoid: [/\bpoziom regału/] },
    container: { term: 'pojemnik', avoid: [/\bkontener/, /\bskrzyn/] },
    article: { term: 'artykuł', avoid: [/\bprodukt/, /\btowar/] },
  },
  ro: {
    concern: { term: 'concern', avoid: [/\bgrup(ul)? de (firme|companii)/] },
    branch: { term: 'filială', avoid: [/\bsucursal/] },
    location: { term: 'locație', avoid: [/\bdepozit(e|ul|ului|elor)?\b/, /\blocaţi/] },
    rack: { term: 'stelaj', avoid: [/\bstative?\b/] },
    // "raft" is the shelf; the rack is "stelaj" (the widgets said "Raft" for the rack and "Poliță" for the shelf).
    shelf: { term: 'raft', avoid: [/\bpoli[țţ]/] },
    container: { term: 'container', avoid: [/\bcutie/, /\brecipient/] },
    article: { term: 'articol', avoid: [/\bprodus(e|ul)?\b/] },
  },
};

/** `\b` as a word boundary for every alphabet (JavaScript's `\b` knows only ASCII letters: "depozitării"). */
const wordBoundaries = (source: string) =>
  source.replace(/^\\b/, '(?<![\\p{L}\\p{N}])').replace(/\\b/g, '(?![\\p{L}\\p{N}])');

/** The words of a text that the glossary of its language rules out, with the thing each names. */
export const glossaryViolations = (
  locale: Locale,
  text: string,
): { concept: GlossaryConcept; word: string; term: string }[] => {
  // Placeholders and link tags (`{container}`, `<container>`) are names for the code, not words.
  const lower = text.replace(/<\/?\w+>|\{\w+\}/g, ' ').toLocaleLowerCase(locale);
  return Object.entries(GLOSSARY[locale]).flatMap(([concept, entry]) =>
    entry.avoid.flatMap((pattern) => {
      const found = new RegExp(wordBoundaries(pattern.source), 'u').exec(lower);
      return found ? [{ concept: concept as GlossaryConcept, word: found[0], term: entry.term }] : [];
    }),
  );
};
