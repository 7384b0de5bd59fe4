import { describe, expect, it } from 'vitest';
import { articleFileName, findDoi, MAX_NAME_CHARS, safePdfName } from './article-file-name';

describe('findDoi', () => {
  it.each([
    ['https://doi.org/10.1056/NEJMoa2034577', '10.1056/NEJMoa2034577'],
    ['N Engl J Med 2020;383:2603-15. DOI: 10.1056/NEJMoa2034577.', '10.1056/NEJMoa2034577'],
    ['(doi:10.1001/jama.2020.1585)', '10.1001/jama.2020.1585'],
    ['<prism:doi>10.1016/S0140-6736(20)30183-5</prism:doi>', '10.1016/S0140-6736(20)30183-5'],
    ['No identifier on this page. Version 10.2 of the guideline.', undefined],
    ['', undefined],
  ])('findDoi(%j) is %j', (text, want) => expect(findDoi(text)).toBe(want));
});

describe('articleFileName', () => {
  const article = {
    authors: ['Fernando P. Polack', 'Stephen J. Thomas'],
    published_date: '2020-12-10',
    journal_name: 'New England Journal of Medicine',
    title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
  };

  it('is Author Year Journal - Title.pdf', () => {
    expect(articleFileName(article)).toBe('Polack 2020 New England Journal of Medicine - Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine.pdf');
  });

  it.each([
    [{ authors: [] }, '2020 New England Journal of Medicine - Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine.pdf'],
    [{ published_date: '' }, 'Polack New England Journal of Medicine - Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine.pdf'],
    [{ title: 'Sepsis: what/why? "A review"' }, 'Polack 2020 New England Journal of Medicine - Sepsis what why A review.pdf'],
    [{ authors: [], published_date: '', journal_name: '', title: '' }, 'Untitled article.pdf'],
  ])('leaves out what is missing and what a file system refuses (%j)', (change, want) => {
    expect(articleFileName({ ...article, ...change })).toBe(want);
  });

  it('cuts a long title at a word', () => {
    const name = articleFileName({ ...article, title: 'word '.repeat(60) });
    expect(name.length).toBeLessThanOrEqual(MAX_NAME_CHARS + '.pdf'.length);
    expect(name).toMatch(/ - (word )*word\.pdf$/);
  });
});

describe('safePdfName', () => {
  it.each([
    ['My paper', 'My paper.pdf'],
    ['My paper.PDF', 'My paper.pdf'],
    ['a/b:c', 'a b c.pdf'],
    ['  ', 'Untitled article.pdf'],
  ])('safePdfName(%j) is %j', (name, want) => expect(safePdfName(name)).toBe(want));
});
