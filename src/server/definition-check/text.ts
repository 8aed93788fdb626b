/** Small text helpers shared by the checks: Persian detection, nearest-name suggestions, quoting. */

const persianLetter = /(?=\p{L})\p{Script=Arabic}/u;
const arabicOnlyLetters = /[\u064A\u0643\u0649]/u; // ي ك ى: Arabic forms of ی and ک

/** True when the text holds at least one Persian (Arabic-script) letter; digits alone do not count. */
export function hasPersian(text: unknown): text is string {
  return typeof text === 'string' && persianLetter.test(text);
}

/** The Arabic letters ي, ك or ى that Persian writes as ی and ک (product decisions: Persian orthography). */
export function arabicLettersIn(text: string): string[] {
  return [...new Set([...text].filter((ch) => arabicOnlyLetters.test(ch)))];
}

/** Optimal-string-alignment distance: like Levenshtein, but a swap of two neighbours counts once ("nmae"). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Longest word (and candidate) `nearest` compares. */
const MAX_SUGGESTED_LENGTH = 100;

/**
 * The candidate closest to `word`, when it is close enough to be a likely typo: a case-only
 * difference, a name that contains the word (or the other way round), or at most about one edit in
 * three letters.
 */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  // A typo is made in a name, not in a paragraph; comparing long texts costs quadratic time.
  if (word.length > MAX_SUGGESTED_LENGTH) return undefined;
  const lower = word.toLowerCase();
  let best: { name: string; score: number } | undefined;
  for (const name of candidates) {
    if (name === word || name.length > MAX_SUGGESTED_LENGTH) continue;
    const candidate = name.toLowerCase();
    let score: number;
    if (candidate === lower) score = 0.1;
    else if (lower.length >= 3 && (candidate.includes(lower) || lower.includes(candidate)))
      score = 0.5 + Math.abs(candidate.length - lower.length) / 100;
    else {
      const distance = editDistance(lower, candidate);
      if (distance > Math.max(1, Math.floor(Math.max(lower.length, candidate.length) / 3))) continue;
      score = distance;
    }
    if (!best || score < best.score) best = { name, score };
  }
  return best?.name;
}

/** ` Did you mean "name"?` or '' — ready to append to a message. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const guess = nearest(word, candidates);
  return guess === undefined ? '' : ` Did you mean "${guess}"?`;
}

export function quote(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}

export function list(values: Iterable<unknown>): string {
  return [...values].map(quote).join(', ');
}

/** "1 file" / "2 files". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
