/**
 * Readers of exported files written for tests, independent of the exporters
 * in src/core/export: an RFC 4180 CSV reader and a reader of the Arduboy C
 * header that decodes its bytes back into level rows.
 */

/** An RFC 4180 reader: records of fields; quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '', record: string[] = [], i = 0, quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      field = '';
      record = [];
      i++;
    } else if (ch === '"' || ch === '\r' || ch === '\n') {
      throw new Error(`bare ${JSON.stringify(ch)} at ${i}`);
    } else {
      field += ch;
    }
    i++;
  }
  if (field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}


export interface DecodedLevel {
  comment: string;
  rows: string[];
}

/**
 * Reads a header back without the exporter's code: the count constant, then
 * every `{ ... }` group of the table, ten numbers each (0b or decimal),
 * decoded as eight row bitmasks (MSB = leftmost, 1 = wall) and x, y.
 */
export function parseHeader(text: string, arrayName = 'levels', countName = 'levelCount'): { count: number; levels: DecodedLevel[] } {
  const count = new RegExp(`const\\s+uint8_t\\s+${countName}\\s*=\\s*(\\d+)\\s*;`).exec(text);
  if (!count) throw new Error('no count constant');
  const table = new RegExp(`const\\s+uint8_t\\s+PROGMEM\\s+${arrayName}\\s*\\[\\s*\\]\\s*\\[\\s*10\\s*\\]\\s*=\\s*\\{([\\s\\S]*)\\}\\s*;`).exec(text);
  if (!table) throw new Error('no level table');
  const levels: DecodedLevel[] = [];
  for (const group of table[1]!.matchAll(/\{\s*\/\*(.*?)\*\/([^{}]*)\}/g)) {
    const numbers = [...group[2]!.matchAll(/0b([01]+)|(\d+)/g)].map((m) => (m[1] !== undefined ? parseInt(m[1], 2) : Number(m[2])));
    if (numbers.length !== 10) throw new Error(`a level with ${numbers.length} numbers`);
    const [x, y] = [numbers[8]!, numbers[9]!];
    const rows = numbers.slice(0, 8).map((byte, row) => {
      let line = '';
      for (let col = 0; col < 8; col++) {
        const wall = (byte >> (7 - col)) & 1;
        line += col === x && row === y ? 'C' : wall ? '#' : '.';
      }
      return line;
    });
    levels.push({ comment: group[1]!.trim(), rows });
  }
  return { count: Number(count[1]), levels };
}

