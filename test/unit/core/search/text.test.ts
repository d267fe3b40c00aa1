import { describe, expect, it } from 'vitest';
import { fullTextSql, prefixQuery } from '../../../../src/core/search/text';

describe('a word of a search term as an FTS5 query', () => {
  it('is one quoted phrase matched as a prefix, so nothing in it is an operator', () => {
    expect(prefixQuery('müll')).toBe('"müll"*');
    expect(prefixQuery('OR')).toBe('"OR"*');
    expect(prefixQuery('a"b*')).toBe('"a""b*"*');
  });
});

describe('the index and its triggers', () => {
  it('index a column per field and each phone number also as bare digits', () => {
    const sql = fullTextSql('subjects', 'id');
    expect(sql).toMatch(/fts5\(first_name, last_name, middle_initial, email, code, cid, phone, mobile_phone, work_phone, phone_digits, mobile_phone_digits, work_phone_digits,/);
    expect(sql).toContain("tokenize = 'unicode61 remove_diacritics 2'");
    expect(sql).not.toContain('NOT EXISTS');
  });

  it('pause while the pausing table has a row, when asked to', () => {
    const sql = fullTextSql('subjects', 'local_id', { pausedBy: 'search_index_paused' });
    expect(sql.match(/NOT EXISTS \(SELECT 1 FROM search_index_paused\)/g)).toHaveLength(3);
  });
});
