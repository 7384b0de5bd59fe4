import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citationMeta, isoDay, metaTags } from './citation-meta';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/articles', name), 'utf8');

describe('citationMeta', () => {
  it("reads a publisher page's Highwire citation tags (the recorded NEJM page)", () => {
    expect(citationMeta(fixture('article-page.html'))).toEqual({
      title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
      published_date: '2020-12-31',
      doi: '10.1056/NEJMoa2034577',
      journal_name: 'New England Journal of Medicine',
      pdfUrls: ['https://www.nejm.org/doi/pdf/10.1056/NEJMoa2034577'],
    });
  });

  it('falls back to Open Graph and PRISM, decodes entities, and skips a month-only date', () => {
    expect(citationMeta(fixture('og-only-page.html'))).toEqual({
      title: 'Heart failure & the kidney: a review',
      journal_name: 'Journal of Clinical Examples',
      pdfUrls: [],
    });
  });

  it('takes a DOI from dc.identifier in any of its spellings, and ignores tags after the head', () => {
    const html = `<head><meta name="DC.Identifier" content="https://doi.org/10.1000/xyz123"></head><body><meta name="citation_title" content="Not me"></body>`;
    expect(citationMeta(html)).toEqual({ doi: '10.1000/xyz123', pdfUrls: [] });
  });

  it('survives broken markup and gives nothing for a page without tags', () => {
    expect(citationMeta('<meta name="citation_title" content="Unclosed')).toEqual({ pdfUrls: [] });
    expect(citationMeta('')).toEqual({ pdfUrls: [] });
    expect(citationMeta('<meta content="no name"><meta name="citation_title">')).toEqual({ pdfUrls: [] });
  });
});

describe('metaTags', () => {
  it('keeps every value of a repeated tag in page order, with names lower-cased', () => {
    expect(metaTags(fixture('article-page.html')).get('citation_author')).toEqual(['Fernando P. Polack', 'Stephen J. Thomas', 'Nicholas Kitchin']);
  });
});

describe('isoDay', () => {
  it.each([
    ['2020/12/31', '2020-12-31'],
    ['2020-12-31', '2020-12-31'],
    ['2020-1-5', '2020-01-05'],
    ['2020-12-31T08:00:00Z', '2020-12-31'],
    ['2020', undefined],
    ['2020-12', undefined],
    ['2020-02-30', undefined],
    ['December 31, 2020', undefined],
  ])('isoDay(%j) is %j', (text, want) => expect(isoDay(text)).toBe(want));
});
