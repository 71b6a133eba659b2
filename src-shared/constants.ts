/** The exact refusal string. Every "I don't know" outcome uses this constant, byte for byte. */
export const NIE_WIEM = 'Nie wiem: w bazie decyzji nie ma odpowiedzi na to pytanie.';

/** e5 reads at most 512 tokens; chunks must stay under this ceiling (including the breadcrumb line). */
export const E5_MAX_TOKENS = 512;

/** Default chunk ceiling in model tokens. Leaves headroom below 512 for the `passage: ` prefix and special tokens. */
export const DEFAULT_CHUNK_CEILING_TOKENS = 480;

/** Character ceiling used only until the tokenizer is available (≈ 3.2 chars per e5 token for Polish). */
export const DEFAULT_CHUNK_CEILING_CHARS = 1500;

export const DEFAULT_EMBEDDING_MODEL = 'Xenova/multilingual-e5-small';

export const APP_NAME = 'Ściąga';
export const COLLECTION_NAME = 'sciaga';
