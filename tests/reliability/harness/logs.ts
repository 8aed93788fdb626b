/** Searching captured server output for values that must never be logged. */
import type { LogLine } from './server.js';

/** A line, and the same line with JSON escapes undone, so \u-escaped Persian is found too. */
function searchable(line: string): string {
  try {
    return `${line}\n${JSON.stringify(JSON.parse(line))}`;
  } catch {
    return line;
  }
}

export function leaks(lines: LogLine[], secrets: Set<string>): Array<{ line: string; secret: string }> {
  const found: Array<{ line: string; secret: string }> = [];
  for (const { text } of lines) {
    const haystack = searchable(text);
    for (const secret of secrets) if (haystack.includes(secret)) found.push({ line: text.slice(0, 300), secret });
  }
  return found;
}
