/**
 * What a question asks, analysed once and passed to every later stage (retrieval, evidence,
 * extraction, verification) and shown in the trace. Plain data.
 */

/** What kind of thing the answer must contain. */
export type AnswerType = 'amount' | 'count' | 'sum' | 'hour' | 'date' | 'person' | 'organisation' | 'place' | 'number' | 'yes-no' | 'reason' | 'change' | 'description';

/** A calendar span the question is about (`YYYY-MM-DD`, inclusive). */
export interface Period {
  from: string;
  to: string;
  /** Polish label as the user wrote it, e.g. "w lutym", "w tym roku". */
  label: string;
  /**
   * `in-force`: decisions valid at some point of the span ("ile kosztowała higienizacja w lutym?");
   * `dated`: decisions taken within the span ("co kupiliśmy w tym roku?").
   */
  match: 'in-force' | 'dated';
  /**
   * A reporting period (a year, a quarter) as documents name it, a case-insensitive regex source:
   * its figures are reported after it ends ("Przychód w Q1 wyniósł…" in April's decision).
   */
  reported?: string;
  /** The last date a document may name the period by `reported` alone (a quarter without its year means the latest one). */
  reportedUntil?: string;
  /** The eve of a month a past question puts its state before ("przed wrześniem", "do lipca"): a moment the state held at, no span anything happened in. */
  eve?: true;
}

export interface TimeScope {
  /** current: the state today; history: an earlier state; period: a named span; neutral: nothing said. */
  kind: 'current' | 'history' | 'period' | 'neutral';
  /** The words that decided it. */
  cues: string[];
  period?: Period;
}

export interface QueryIdentifier {
  value: string;
  kind: 'decision-id' | 'code' | 'nip';
}

/** Something the evidence must satisfy for the answer to be about what was asked. */
export interface FocusConstraint {
  /** entity: a proper name or code (must appear in the cited evidence); attribute: what is asked about it. */
  kind: 'entity' | 'attribute';
  /** As written in the question. */
  text: string;
  /** Analysed term(s) it is matched by. */
  term: string;
  /** How many chunks of the store contain the term (0: the documents never mention it). */
  documentFrequency?: number;
  /** A place's other names in the documents, as terms: the street they place in the district named, and back (query/addresses.ts). */
  samePlace?: string[];
  /**
   * A word the documents never write whose stem they do ("szczeniak" where they write
   * "szczenięcy", "szczenię"): the same thing worded otherwise, not a thing they never name.
   */
  stemInDocuments?: boolean;
  /**
   * The noun an interrogative determiner agrees with ("jaki **samochód**"): the kind of thing the
   * answer is, so a single answer's source must carry it.
   */
  head?: boolean;
  /**
   * A modifier the documents never use, of a noun they do use ("zdjęcie **pantomograficzne**"): the
   * noun as written. The question asks about a kind of that thing the documents never name.
   */
  narrows?: string;
  /**
   * An adjective right after a noun it agrees with, of a word the documents use ("miejsca
   * **parkingowe**"): the noun as written. The pair names a kind of that thing; a source that
   * speaks of the noun and never of the kind does not answer about the kind. Also a noun after "o"
   * completing a noun ("umowa o **pracę**": `classifiesVia` "o").
   */
  classifies?: string;
  /** The preposition between the noun and its complement, when `classifies` is one ("o"). */
  classifiesVia?: string;
  /**
   * The documents' word for the kind, when they never write the adjective asked but do write the
   * noun it is made of ("miejsca **parkingowe**" where they write "parking"): a text with that
   * word names the kind (`classifies` is set then, though the adjective's frequency is 0).
   */
  kindNamedBy?: string;
  /**
   * The thing whose price a single-price question asks ("ile kosztuje **przegląd**", "ile płacimy
   * za **czynsz**"), when the documents use the word: the answer's source must speak of it.
   */
  priced?: boolean;
  /** The noun completing a priced action noun ("wynajem **sali**"), as written: a source may price that instead. */
  pricedWith?: string;
  /** The unit of measure the price is asked per ("ile płacimy za **kWh** gazu?"), as written: a source must name it (query/measure-units.ts). */
  perMeasure?: string;
  /**
   * The role a "kto jest / jak się nazywa" question asks the holder of ("moja **księgowa**"): an
   * answering sentence that names the role gives the holder's name beside it.
   */
  role?: boolean;
  /**
   * The noun after "jako" ("Zoom jako **platforma** do sesji"): the capacity the question asks
   * something in, which a source must name (query/roles.ts).
   */
  capacity?: boolean;
  /**
   * The code a noun stands before in apposition ("usługa **HYB-D**"), as in the focus: a source
   * naming the code speaks of this kind of thing however it words it (query/code-kinds.ts).
   */
  kindOf?: string;
}

export interface QueryAnalysis {
  question: string;
  /** NFC, trimmed, single spaces. */
  normalized: string;
  today: string;
  /** Analysed content terms (stopwords and question words removed). */
  terms: string[];
  identifiers: QueryIdentifier[];
  /** Proper names (places, people, companies, products) as written, found by capitalisation or by how the documents write them. */
  entities: string[];
  time: TimeScope;
  /** The interrogative that opened the question ("ile", "kto", "do której", "czy", …). */
  questionWord?: string;
  answerType: AnswerType;
  /** A second question joined by "i"/"oraz" ("kto jest nabywcą i ile wynosi kwota?"): its answer type. */
  alsoAsks?: AnswerType;
  /** The answer is a list of several decisions ("jakie…", "kogo przyjęliśmy w tym roku"). */
  list: boolean;
  /** The list is of the two things "oba/obie/obu" quantifies ("skąd bierzemy pieczywo do obu lokali?"): two items at most. */
  pair?: boolean;
  /** The list is a sequence in time ("jak zmieniały się godziny?"): its items in date order. */
  sequence?: boolean;
  /** It asks what went wrong ("co było nie tak z …", "o co był spór …", query/fault-asked.ts): told by a decision's background. */
  faultAsked?: boolean;
  /** It asks about a person described as hired ("dziewczyna, którą przyjęliśmy do baru", query/hire-clause.ts): told by the decision hiring them. */
  hiredPerson?: boolean;
  focus: FocusConstraint[];
  /**
   * What the question leaves out ("bez **wymiany** opon", "nie na **implancie**"), as written and
   * analysed: not a focus word; a sentence that speaks of it, and not as left out, does not answer.
   */
  excluded?: { text: string; term: string }[];
  /**
   * The passive predicate ("na jaką sumę jest **ubezpieczony** bus?"): the participle as written and
   * its verb's lemma, folded. A source that never speaks of that event does not answer.
   */
  passive?: { text: string; verb: string };
  /**
   * Names in a clause of the later event of a history question ("zanim przeszliśmy do **Labowetu**"):
   * no constraint on the earlier state, but the event must be the documents' own: the answering
   * decision, or the decision that replaced it, names them.
   */
  eventNames?: FocusConstraint[];
  /** Polish, one line each: why each field was set (shown in the trace). */
  notes: string[];
}
