import { describe, expect, it } from 'vitest';
import { attachmentNamed, csvDocument } from './csv.ts';

describe('csvDocument', () => {
  it('starts with a byte-order mark, quotes what needs it and ends lines with CRLF', () => {
    const text = csvDocument(['이름', 'amount'], [['하린, "생일"', 1000], ['line\nbreak', null]]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toBe('\uFEFF이름,amount\r\n"하린, ""생일""",1000\r\n"line\nbreak",\r\n');
  });

  it('keeps a negative number a number but defuses a formula in text', () => {
    const text = csvDocument(['a', 'b'], [[-50, '=HYPERLINK("http://evil")'], ['+1', '@SUM(A1)']]);
    expect(text).toContain("\r\n-50,\"'=HYPERLINK(\"\"http://evil\"\")\"\r\n");
    expect(text).toContain("'+1,'@SUM(A1)");
  });
});

describe('attachmentNamed', () => {
  it('keeps the name to safe ASCII', () => {
    expect(attachmentNamed('statement-2026.csv')).toBe('attachment; filename="statement-2026.csv"');
    expect(attachmentNamed('a"b\r\n.csv')).toBe('attachment; filename="a_b__.csv"');
  });
});
