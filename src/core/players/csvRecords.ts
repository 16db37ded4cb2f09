/**
 * RFC 4180 records with their line numbers: quoted fields may hold commas,
 * doubled quotes and line breaks; CRLF or LF; a byte-order mark is skipped.
 * A callback per record keeps a million-row file out of one big array.
 */

/** A malformed quote: where and why. */
export interface CsvSyntaxProblem {
  readonly line: number;
  readonly message: string;
}

/**
 * Calls `onRecord(fields, line)` for every non-blank record (line = the
 * 1-based line the record starts on). Returns the quoting problems found
 * (a record with one is not passed on). O(text length).
 */
export function forEachCsvRecord(text: string, onRecord: (fields: string[], line: number) => void): CsvSyntaxProblem[] {
  const problems: CsvSyntaxProblem[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let bad: string | null = null;
    for (;;) {
      // One field.
      if (text.charCodeAt(i) === 34 /* " */) {
        let value = '';
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) {
            bad = 'a quoted field is never closed';
            value += text.slice(j);
            for (let k = j; k < n; k++) if (text.charCodeAt(k) === 10) line++;
            j = n;
            break;
          }
          const chunk = text.slice(j, q);
          for (let k = 0; k < chunk.length; k++) if (chunk.charCodeAt(k) === 10) line++;
          value += chunk;
          if (text.charCodeAt(q + 1) === 34) {
            value += '"';
            j = q + 2;
            continue;
          }
          j = q + 1;
          break;
        }
        i = j;
        fields.push(value);
        const c = text.charCodeAt(i);
        if (i < n && c !== 44 && c !== 10 && c !== 13) {
          bad ??= 'text after a closing quote (a quote inside a field must be doubled)';
          // Skip to the end of the field.
          while (i < n && text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 10) i++;
        }
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13) break;
          j++;
        }
        const value = text.slice(i, j);
        if (value.includes('"')) bad ??= 'a quote inside an unquoted field';
        fields.push(value);
        i = j;
      }
      const c = text.charCodeAt(i);
      if (c === 44) {
        i++;
        continue;
      }
      if (c === 13) i++;
      if (text.charCodeAt(i) === 10) {
        i++;
        line++;
      }
      break;
    }
    if (bad !== null) problems.push({ line: startLine, message: bad });
    else if (!(fields.length === 1 && fields[0]!.trim() === '')) onRecord(fields, startLine);
  }
  return problems;
}
