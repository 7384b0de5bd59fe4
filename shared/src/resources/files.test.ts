import { describe, expect, it } from 'vitest';
import { MAX_SHORT_TEXT } from '../limits';
import { fileNameFrom } from './files';

describe('fileNameFrom', () => {
  it.each([
    ['Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine', 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine.pdf'],
    ['10.1056/NEJMoa2034577', '10.1056_NEJMoa2034577.pdf'],
    ['Heart failure:\n  a review <2023>?', 'Heart failure_ a review _2023__.pdf'],
    ['..hidden. ', 'hidden.pdf'],
    ['a\u0000b|c*d"e\\f', 'a_b_c_d_e_f.pdf'],
    ['  ', 'article.pdf'],
    ['...', 'article.pdf'],
  ])('fileNameFrom(%j) is %j', (text, want) => expect(fileNameFrom(text, 'pdf', 'article')).toBe(want));

  it('cuts a long title between characters, within the name limit and 255 bytes', () => {
    for (const unit of ['a', 'é', '心', '💊']) {
      const name = fileNameFrom(unit.repeat(300), 'pdf', 'article');
      expect(name.endsWith('.pdf')).toBe(true);
      expect(name.length).toBeLessThanOrEqual(MAX_SHORT_TEXT);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      expect(name.slice(0, -4)).toBe(unit.repeat(name.slice(0, -4).length / unit.length));
    }
  });

  it('leaves no dot or space at the end of a cut name', () => {
    expect(fileNameFrom(`${'a'.repeat(148)}. b`, 'pdf', 'article')).toBe(`${'a'.repeat(148)}.pdf`);
  });
});
