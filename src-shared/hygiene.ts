/**
 * Plain-data results of the DOCX hygiene check and fix, shared by the core (which produces
 * them), the CLI and the UI (which show them).
 */

export type HygieneReason =
  /** Every visible run is bold, the paragraph is short and has no final punctuation. */
  | 'pogrubiony-krotki-akapit'
  /** A short bold title ending in a colon, followed by what it introduces. */
  | 'pogrubiony-tytul-z-dwukropkiem'
  /** A bold list item followed by body text: it opens a section rather than listing an entry. */
  | 'pogrubiony-punkt-listy-wprowadzajacy'
  /** Runs carry a heading character style ("Heading 2 Char") in a non-heading paragraph. */
  | 'styl-znakowy-naglowka'
  /** All text is larger than the body text. */
  | 'wiekszy-rozmiar-czcionki'
  /** Paragraph style is named like a heading but has no outline level. */
  | 'styl-nazwany-jak-naglowek'
  /** A real heading skips a level (H1 → H3, or a document starting at H3). */
  | 'pominiety-poziom';

export const REASON_LABELS: Record<HygieneReason, string> = {
  'pogrubiony-krotki-akapit': 'krótki akapit w całości pogrubiony, bez kropki na końcu',
  'pogrubiony-tytul-z-dwukropkiem': 'krótki pogrubiony tytuł zakończony dwukropkiem, po nim treść, którą wprowadza',
  'pogrubiony-punkt-listy-wprowadzajacy': 'pogrubiony punkt listy, po którym następuje zwykły tekst (otwiera sekcję)',
  'styl-znakowy-naglowka': 'tekst ma znakowy styl nagłówka (np. „Heading 2 Char”), ale akapit nie jest nagłówkiem',
  'wiekszy-rozmiar-czcionki': 'czcionka większa niż w tekście głównym',
  'styl-nazwany-jak-naglowek': 'styl akapitu tylko nazywa się jak nagłówek, nie ma poziomu konspektu',
  'pominiety-poziom': 'pominięty poziom nagłówka',
};

export type HygieneVerdict = 'ok' | 'popraw' | 'brak-struktury';

export const VERDICT_LABELS: Record<HygieneVerdict, string> = {
  ok: 'ok',
  popraw: 'popraw',
  'brak-struktury': 'nie da się ustalić struktury',
};

export type HeadingLevel = 1 | 2 | 3;
/** A user's choice per paragraph: a heading level, or 0 for "not a heading". */
export type LevelChoice = 0 | 1 | 2 | 3;

export interface HeadingIssue {
  /** Paragraph index (body paragraphs in document order, table cells included). */
  index: number;
  text: string;
  /** `kandydat`: looks like a heading but is not one; `poziom`: a real heading with a skipped level. */
  kind: 'kandydat' | 'poziom';
  location: {
    paragraph: number;
    /** Text of the nearest heading (real or candidate) above, '' at the top of the document. */
    after: string;
    /** Character offset of the paragraph in word/document.xml. */
    xmlOffset: number;
  };
  reasons: HygieneReason[];
  styleId?: string;
  styleName?: string;
  /** Level of a real heading as it is now. */
  currentLevel?: number;
  proposedLevel: HeadingLevel;
}

export interface RealHeading {
  index: number;
  text: string;
  level: number;
  styleId?: string;
}

/** What a minimal structural chunker makes of the document (hygiene's own section model). */
export interface ChunkerView {
  /** Sections that start at a heading. */
  sections: number;
  chunks: number;
  /** Chunks whose section has no heading (only the document title or nothing above them). */
  orphanChunks: number;
  orphanPercent: number;
  longestSectionChars: number;
  ceilingChars: number;
  model: 'wewnetrzny';
}

/** What the real ingest pipeline (mammoth loader + structural chunker) makes of a document. */
export interface PipelineView {
  /** Sections opened by a heading of level ≥ 1 (the title does not count). */
  sections: number;
  headings: { level: number; text: string }[];
  chunks: number;
  /** Chunks whose embedded text lacks their heading (attribution.ts definition). */
  orphans: number;
  orphanPercent: number;
  longestSectionChars: number;
  strategy: string;
  /** Remarks of the loader, e.g. how many fake headings it had to guess. */
  loaderNotes: string[];
}

export interface HygieneReport {
  file: string;
  verdict: HygieneVerdict;
  verdictLabel: string;
  paragraphs: number;
  /** Body font size (half-points) that "larger" is measured against. */
  bodySize: number;
  realHeadings: RealHeading[];
  candidates: HeadingIssue[];
  levelIssues: HeadingIssue[];
  /** The chunker's view now, and after `fixDocx` with `levels: 'auto'`. */
  before: ChunkerView;
  after: ChunkerView;
  /** Which section model produced `before`/`after`. */
  sectionModel: string;
  /**
   * The real pipeline's view (ingest/docx loader + chunking/structural), when asked for with
   * `pipeline: true`. `error` says why it could not be computed; the internal model still is.
   */
  pipeline?: { before: PipelineView; after: PipelineView } | { error: string };
}

export interface FixChange {
  index: number;
  text: string;
  /** Level before the fix (undefined: not a heading). */
  from?: number;
  to: 1 | 2 | 3;
  styleId: string;
}

/** One body paragraph as the UI lists it. */
export interface HygieneParagraph {
  index: number;
  text: string;
  /** Level of a real heading (1–9), undefined for body text. */
  headingLevel?: number;
  inTable: boolean;
}

/** `hygiene:check` answers per file; one unreadable file does not spoil the others. */
export type HygieneFileResult =
  { ok: true; name: string; report: HygieneReport; paragraphs: HygieneParagraph[] } | { ok: false; name: string; error: { message: string; code: string } };

export interface HygieneFixResponse {
  file: string;
  changes: FixChange[];
  /** Suggested name of the fixed copy (`<name>.poprawiony.docx`). */
  suggestedName: string;
  /** Path written (Electron save dialog). */
  output?: string;
  /** The fixed package, when it was not written by main (browser mode: the UI downloads it). */
  dataBase64?: string;
  /** True when the user closed the save dialog: nothing was written. */
  cancelled?: boolean;
  /** The fixed copy checked again, exactly as `hygiene:check` would report it (absent when cancelled). */
  recheck?: HygieneFileResult;
}
