import { describe, expect, it } from 'vitest';
import { anchorHighlight, describeSelection, type AnchorMethod, type HighlightAnchors, type SavedHighlight } from './anchoring';

/** A page with a range marked in [brackets]: the page without them and the range's offsets. */
function marked(page: string): { text: string; start: number; end: number } {
  const start = page.indexOf('[');
  const end = page.indexOf(']') - 1;
  return { text: page.replace('[', '').replace(']', ''), start, end };
}

/** A highlight saved from the marked selection, as the viewer saves one. */
function selected(page: string): SavedHighlight {
  const { text, start, end } = marked(page);
  return { text: text.slice(start, end).replace(/\s+/g, ' ').trim(), anchors: describeSelection(text, start, end) };
}

/** An older highlight, or an article note, with only its text. */
const note = (text: string): SavedHighlight => ({ text });

const anchors = (exact: string, prefix: string, suffix: string, start: number): HighlightAnchors => ({
  quote: { exact, prefix, suffix },
  position: { start, end: start + exact.length },
});

describe('describeSelection', () => {
  const long = 'Her past medical history includes hypertension and type 2 diabetes mellitus since 2010';
  it.each<[string, string, number, number, HighlightAnchors]>([
    ['a word', 'Hold aspirin before surgery.', 5, 12, anchors('aspirin', 'Hold ', ' before surgery.', 5)],
    [
      'context cut to 32 characters',
      long,
      34,
      46,
      anchors('hypertension', 'r past medical history includes ', ' and type 2 diabetes mellitus si', 34),
    ],
    ['whitespace at the ends left out', 'Hold aspirin\nbefore', 4, 13, anchors('aspirin', 'Hold ', '\nbefore', 5)],
    ['offsets outside the page clamped', 'aspirin', -5, 99, anchors('aspirin', '', '', 0)],
    ['an end before the start is an empty selection', 'aspirin', 5, 2, anchors('', 'aspir', 'in', 5)],
    ['context never splits a surrogate pair', `${'💊'.repeat(40)}dose${'💊'.repeat(40)}`, 80, 84, anchors('dose', '💊'.repeat(32), '💊'.repeat(32), 80)],
  ])('%s', (_name, page, start, end, want) => {
    expect(describeSelection(page, start, end)).toEqual(want);
  });
});

describe('anchorHighlight', () => {
  it.each<[string, SavedHighlight, string, AnchorMethod]>([
    ['the same page: by position', selected('Hold [aspirin] before surgery.'), 'Hold [aspirin] before surgery.', 'position'],
    ['whitespace changed in place: still by position', selected('BP [120/80\nsitting] today'), 'BP [120/80 sitting] today', 'position'],
    ['µ now μ in place: still by position', selected('Give [25 µg] daily'), 'Give [25 μg] daily', 'position'],
    ['text added above: by quote', selected('Hold [aspirin] before surgery.'), 'Allergies: none. Hold [aspirin] before surgery.', 'quote'],
    ['page now shorter than the old position: by quote', selected('Bilateral lower limb pitting [edema]'), '[edema] noted', 'quote'],
    [
      'now with a ﬁ ligature, so the old position takes in a space: by quote',
      selected('Atrial [fibrillation] with RVR'),
      'Atrial [ﬁbrillation] with RVR',
      'quote',
    ],
    [
      'a repeated quote: the occurrence in its context, not the nearest',
      selected('Hold [aspirin] before surgery.'),
      'Do not take aspirin with ibuprofen. Hold [aspirin] before surgery.',
      'quote',
    ],
    [
      'a repeated quote in the same context: the nearest the old position',
      { text: '120', anchors: anchors('120', 'BP ', ' mmHg', 15) },
      'BP 120 mmHg; BP [120] mmHg; BP 120 mmHg',
      'quote',
    ],
    ['likewise, nearest the end', { text: '120', anchors: anchors('120', 'BP ', ' mmHg', 40) }, 'BP 120 mmHg; BP 120 mmHg; BP [120] mmHg', 'quote'],
    ['re-flowed: extra whitespace', selected('Vitals: [blood pressure] 120/80'), 'Vitals:\n  [blood  \n pressure] 120/80', 'quote'],
    ['re-flowed: spaces missing', selected('Vitals: [blood pressure 120/80] at rest'), 'Vitals: [bloodpressure120/80] at rest', 'fuzzy'],
    [
      're-flowed: no spaces between words at all',
      selected('Sig: [take one tablet by mouth twice a day with food].'),
      'Sig: [takeonetabletbymouthtwiceadaywithfood].',
      'fuzzy',
    ],
    [
      're-flowed: now hyphenated at a line break',
      selected('History of [hypertension] and diabetes'),
      'History of [hyper-\ntension] and diabetes',
      'fuzzy',
    ],
    ['re-flowed: a short word now hyphenated', selected('Trace [edema] bilaterally'), 'Trace [ede-\nma] bilaterally', 'fuzzy'],
    ['re-flowed: no longer hyphenated', selected('History of [hyper-\ntension] and diabetes'), 'History of [hypertension] and diabetes', 'fuzzy'],
    [
      'a few characters changed',
      selected('Patient denies [chest pain or shortness of breath] at rest.'),
      'Patient denies [chest pian or shortnes of breath] at rest.',
      'fuzzy',
    ],
    ['a character gone at an end: the space beside it left out', selected('Known with [(fibrosis] today'), 'Known with [fibrosis] today', 'fuzzy'],
    [
      'equally close fuzzy matches: the one in its context',
      selected('Plan: [increase furosemide] to 40 mg.'),
      'Old plan: increase furosemde to 20 mg. Plan: [increase furosemde] to 40 mg.',
      'fuzzy',
    ],
    ['composed é now decomposed', selected('Several [café-au-lait] spots'), 'Several [cafe\u0301-au-lait] spots', 'quote'],
    ['astral characters above it', selected('💊 [dose] given'), '💊💊 [dose] given', 'quote'],
    ['CJK text', selected('患者は[胸痛]を訴える'), '昨日から患者は[胸痛]を訴える', 'quote'],
    ['a note: the full text', note('chest pain on exertion'), 'Reports [chest  pain\non exertion] since May.', 'fallback'],
    [
      'a note: its first 30 characters',
      note('Started on lisinopril 10 mg daily for hypertension'),
      '[Started on lisinopril 10 mg da]ily for BP.',
      'fallback',
    ],
    ['a note: its first three words', note('Follow up with cardiology in two weeks'), 'Plan: [Follow up with] nephrology.', 'fallback'],
    ['a note: the first occurrence', note('edema'), 'Trace [edema]; no edema above the knee.', 'fallback'],
    ['anchors with a blank quote: the text', { text: 'edema', anchors: anchors(' ', '', '', 0) }, 'Trace [edema] bilaterally', 'fallback'],
  ])('%s', (_name, saved, page, method) => {
    const { text, start, end } = marked(page);
    expect(anchorHighlight(text, saved)).toEqual({ start, end, method });
  });

  it.each<[string, SavedHighlight, string, string]>([
    ['a whitespace run', selected('Vitals: [blood pressure] 120/80'), 'Vitals:   blood \n\t pressure   120/80', 'blood \n\t pressure'],
    ['a ligature', selected('Atrial [fibrillation] with RVR'), 'Known atrial ﬁbrillation with RVR', 'ﬁbrillation'],
    ['a decomposed letter', selected('Several [café-au-lait] spots'), 'Several cafe\u0301-au-lait spots', 'cafe\u0301-au-lait'],
    ['a hyphenated line break', selected('History of [hypertension] and diabetes'), 'History of hyper-\r\ntension and diabetes', 'hyper-\r\ntension'],
  ])('maps a match across %s back to the page as given', (_name, saved, page, want) => {
    const anchor = anchorHighlight(page, saved);
    expect(anchor && page.slice(anchor.start, anchor.end)).toBe(want);
  });

  it.each<[string, SavedHighlight, string]>([
    ['the highlighted text is gone', selected('Start [warfarin 5 mg nightly] for AF'), 'Metoprolol 25 mg twice daily.'],
    [
      'an anchored highlight is not placed by its first words',
      selected('[Start warfarin 5 mg nightly for atrial fibrillation]'),
      'Start warfarin 5 mg? No: apixaban 5 mg twice daily for stroke prevention.',
    ],
    ['a two-letter quote gone (any two letters are two edits from it)', selected('[BP] 120/80'), 'HR 80, RR 16'],
    ['a note whose text is gone', note('Follow up with cardiology'), 'Discharge home.'],
    ['an empty page', selected('Hold [aspirin] before surgery.'), ''],
    ['a whitespace-only page', selected('Hold [aspirin] before surgery.'), ' \n\t '],
    ['a note with empty text', note(''), 'Hold aspirin before surgery.'],
    ['a note with whitespace-only text', note(' \n '), 'Hold aspirin before surgery.'],
    ['an empty selection', { text: '', anchors: describeSelection('Hold aspirin', 4, 4) }, 'Hold aspirin'],
  ])('%s: not placed', (_name, saved, page) => {
    expect(anchorHighlight(page, saved)).toBeUndefined();
  });
});
