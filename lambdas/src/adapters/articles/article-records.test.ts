import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossrefPublishedDate, factsFromUnpaywall, resolvedFromCrossref } from './article-records';

const fixture = (name: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/articles', name), 'utf8')) as unknown;

describe('resolvedFromCrossref', () => {
  it('maps the recorded Crossref work to the article shape', () => {
    const resolved = resolvedFromCrossref(fixture('crossref-work-10.1056-NEJMoa2034577.json'));
    expect(resolved).toMatchObject({
      doi: '10.1056/NEJMoa2034577',
      title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
      journal_name: 'New England Journal of Medicine',
      published_date: '2020-12-31',
    });
    expect(resolved?.authors.slice(0, 2)).toEqual(['Fernando P. Polack', 'Stephen J. Thomas']);
    expect(resolved?.authors).toHaveLength(29);
  });

  it('strips markup from titles, joins given and family names, and keeps an organisation author by name', () => {
    const resolved = resolvedFromCrossref({
      message: {
        DOI: '10.1/x',
        title: ['Effect of <i>Staphylococcus\n aureus</i> on H<sub>2</sub>O'],
        author: [{ family: 'Solo' }, { given: 'Ann', family: 'Lee' }, { name: 'The RECOVERY Collaborative Group' }],
      },
    });
    expect(resolved).toEqual({
      doi: '10.1/x',
      title: 'Effect of Staphylococcus aureus on H2O',
      journal_name: '',
      published_date: '',
      authors: ['Solo', 'Ann Lee', 'The RECOVERY Collaborative Group'],
    });
  });

  it('is undefined for a body that is not a Crossref work', () => {
    expect(resolvedFromCrossref({ status: 'ok' })).toBeUndefined();
    expect(resolvedFromCrossref('Resource not found.')).toBeUndefined();
  });
});

describe('crossrefPublishedDate', () => {
  const parts = (...p: (number | null)[]) => ({ 'date-parts': [p] });
  it.each([
    ['the print date first', { 'published-print': parts(2020, 12, 31), 'published-online': parts(2020, 12, 10) }, '2020-12-31'],
    ['the online date when print has no day', { 'published-print': parts(2013, 3), 'published-online': parts(2013, 2, 7) }, '2013-02-07'],
    ['issued when nothing else has a day', { issued: parts(2018, 8, 23) }, '2018-08-23'],
    ['nothing when only a year is known', { issued: parts(2018) }, ''],
    ['nothing when the day is null', { issued: parts(2018, 8, null) }, ''],
  ])('takes %s', (_what, dates, want) => expect(crossrefPublishedDate({ DOI: 'x', ...dates })).toBe(want));
});

describe('factsFromUnpaywall', () => {
  it('maps the recorded Unpaywall record: every open-access location, title, journal and date', () => {
    expect(factsFromUnpaywall(fixture('unpaywall-10.1056-NEJMoa2034577.json'))).toEqual({
      title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
      journal_name: 'New England Journal of Medicine',
      published_date: '2020-12-31',
      oa_locations: [
        { url_for_pdf: 'https://www.nejm.org/doi/pdf/10.1056/NEJMoa2034577', url: 'https://www.nejm.org/doi/pdf/10.1056/NEJMoa2034577', host_type: 'publisher', version: 'publishedVersion' },
        { url_for_pdf: 'https://europepmc.org/articles/pmc7745181?pdf=render', url: 'https://europepmc.org/articles/pmc7745181?pdf=render', host_type: 'repository', version: 'publishedVersion' },
      ],
    });
  });

  it('reads a closed article as no locations', () => {
    expect(factsFromUnpaywall({ doi: '10.1/x', is_oa: false, oa_locations: [], published_date: null })).toEqual({ oa_locations: [] });
  });
});
