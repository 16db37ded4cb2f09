/**
 * RFC 4180 records with their line numbers: quoted fields may hold commas,
 * doubled quotes and line breaks; CRLF or LF; a byte-order mark is skipped.
 * A callback per record keeps a million-row file out of one big array, and
 * {@link createCsvChunker} takes the text in pieces, so a file of any size
 * is read holding one piece at a time.
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
export function forEachCsvRecord(text: string, onRecord: (fields: string[], line: number) => void, firstLine = 1): CsvSyntaxProblem[] {
  const problems: CsvSyntaxProblem[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = firstLine;
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

/** Text fed in pieces; records handed on as soon as they are whole. */
export interface TextChunker {
  push(chunk: string): void;
  /** The rest of the text (a last record without a line break); the quoting problems of the whole text. */
  end(): CsvSyntaxProblem[];
}

/**
 * {@link forEachCsvRecord} over text given in pieces of any size. A record
 * ends at a line break outside quotes: RFC 4180 quotes come in pairs (a
 * quote inside a field is doubled), so the parity of the quotes seen tells
 * whether a line break is inside a field. Each piece is scanned once; only
 * the unfinished last record is carried to the next. O(text length).
 */
export function createCsvChunker(onRecord: (fields: string[], line: number) => void): TextChunker {
  const problems: CsvSyntaxProblem[] = [];
  let carry = '';
  let scanned = 0;
  let quoted = false;
  let line = 1;
  let first = true;
  const flush = (text: string): void => {
    for (const p of forEachCsvRecord(text, onRecord, line)) problems.push(p);
    for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 10) line++;
  };
  return {
    push(chunk) {
      if (chunk === '') return;
      let text = carry + chunk;
      if (first) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let boundary = -1;
      for (let k = scanned; k < text.length; k++) {
        const c = text.charCodeAt(k);
        if (c === 34) quoted = !quoted;
        else if (c === 10 && !quoted) boundary = k;
      }
      if (boundary < 0) {
        carry = text;
        scanned = text.length;
        return;
      }
      flush(text.slice(0, boundary + 1));
      carry = text.slice(boundary + 1);
      scanned = carry.length;
    },
    end() {
      if (carry !== '') flush(carry);
      carry = '';
      return problems;
    },
  };
}

/**
 * Lines of text given in pieces (LF or CRLF; a byte-order mark skipped):
 * `onLine(text, line)` for each, blank ones included. O(text length).
 */
export function createLineChunker(onLine: (text: string, line: number) => void): { push(chunk: string): void; end(): void } {
  let carry = '';
  let line = 0;
  let first = true;
  const emit = (raw: string): void => {
    line++;
    onLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw, line);
  };
  return {
    push(chunk) {
      if (chunk === '') return;
      let text = carry + chunk;
      if (first) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        emit(text.slice(start, nl));
        start = nl + 1;
      }
      carry = text.slice(start);
    },
    end() {
      if (carry !== '') emit(carry);
      carry = '';
    },
  };
}
