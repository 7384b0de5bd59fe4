// A deterministic clinical library for the search benchmark: names, tags, descriptions and a few KB of section text
// per resource, from a seeded generator, so every run searches the same corpus.
import { defaultResourceFields, type Resource, type ResourceType, type SearchRequest } from '@chartside/shared';
import { seededRandom } from '@chartside/shared/seeded-random';

type Random = ReturnType<typeof seededRandom>;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const pickSome = <T>(random: Random, list: readonly T[], count: number): T[] => {
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, list.length)) chosen.add(pick(random, list));
  return [...chosen];
};

export const conditions = [
  'community-acquired pneumonia', 'sepsis', 'septic shock', 'heart failure', 'atrial fibrillation', 'acute coronary syndrome',
  'pulmonary embolism', 'deep vein thrombosis', 'diabetic ketoacidosis', 'hyperkalemia', 'hyponatremia', 'acute kidney injury',
  'chronic kidney disease', 'COPD exacerbation', 'asthma', 'stroke', 'transient ischemic attack', 'delirium', 'alcohol withdrawal',
  'cirrhosis', 'upper gastrointestinal bleeding', 'pancreatitis', 'cellulitis', 'urinary tract infection', 'meningitis',
  'anaphylaxis', 'hypertensive emergency', 'syncope', 'anemia', 'thrombocytopenia', 'hypothyroidism', 'thyrotoxicosis',
  'adrenal insufficiency', 'gout', 'rheumatoid arthritis', 'lupus', 'migraine', 'seizure', 'status epilepticus', 'osteoporosis',
  'pneumothorax', 'pleural effusion', 'interstitial lung disease', 'tuberculosis', 'HIV', 'hepatitis C', 'Clostridioides difficile',
  'febrile neutropenia', 'tumor lysis syndrome', 'hypercalcemia', 'hypoglycemia', 'obesity', 'hypertension', 'hyperlipidemia',
] as const;
export const drugs = [
  'amoxicillin', 'ceftriaxone', 'piperacillin', 'vancomycin', 'meropenem', 'azithromycin', 'doxycycline', 'apixaban', 'warfarin',
  'heparin', 'enoxaparin', 'furosemide', 'spironolactone', 'dapagliflozin', 'empagliflozin', 'metoprolol', 'carvedilol',
  'sacubitril', 'lisinopril', 'amlodipine', 'atorvastatin', 'insulin', 'metformin', 'semaglutide', 'levothyroxine',
  'prednisone', 'hydrocortisone', 'methylprednisolone', 'norepinephrine', 'vasopressin', 'epinephrine', 'lorazepam',
  'levetiracetam', 'haloperidol', 'quetiapine', 'ondansetron', 'pantoprazole', 'octreotide', 'lactulose', 'rifaximin',
  'allopurinol', 'colchicine', 'methotrexate', 'hydroxychloroquine', 'albuterol', 'ipratropium', 'tiotropium', 'morphine',
] as const;
const actions = [
  'start', 'titrate', 'monitor', 'hold', 'stop', 'check', 'repeat', 'consider', 'avoid', 'document', 'reassess', 'escalate',
] as const;
const findings = [
  'lactate', 'creatinine', 'potassium', 'sodium', 'troponin', 'BNP', 'D-dimer', 'procalcitonin', 'INR', 'hemoglobin', 'platelets',
  'blood cultures', 'chest radiograph', 'CT angiography', 'echocardiogram', 'ECG', 'urine output', 'mean arterial pressure',
  'oxygen saturation', 'respiratory rate', 'glucose', 'anion gap', 'ferritin', 'TSH', 'cortisol', 'ammonia', 'lipase',
] as const;
const contexts = [
  'in the emergency department', 'on the ward', 'in the intensive care unit', 'at discharge', 'in clinic', 'overnight',
  'before procedures', 'in older adults', 'in pregnancy', 'with renal impairment', 'with hepatic impairment', 'after surgery',
] as const;
const kinds = ['management', 'approach', 'checklist', 'pocket guide', 'protocol', 'pathway', 'review', 'pearls', 'dosing', 'workup'] as const;
export const specialties = [
  'Cardiology', 'Pulmonology', 'Nephrology', 'Infectious Disease', 'Critical Care', 'Endocrinology', 'Gastroenterology',
  'Hepatology', 'Hematology', 'Oncology', 'Neurology', 'Rheumatology', 'Geriatrics', 'Emergency', 'Pharmacology',
  'Internal Medicine', 'Ward', 'Icu', 'Clinic', 'Teaching', 'Guideline', 'Trial', 'Review Article', 'Pocket Card', 'Stewardship',
  'Anticoagulation', 'Electrolytes', 'Procedures', 'Imaging', 'Palliative Care',
] as const;
const types: ResourceType[] = ['text', 'link', 'files', 'article', 'case', 'guide', 'clinical'];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Like a real library, a resource's text is about its own condition: each condition has a few drugs and findings of its
 * own, and other terms turn up only now and then. (Drawing every word from the whole vocabulary makes each drug appear
 * in most resources, which no real library does.)
 */
const vocabularyOf = (condition: string) => {
  const random = seededRandom([...condition].reduce((hash, c) => Math.imul(hash, 31) + c.charCodeAt(0), 7));
  return { drugs: pickSome(random, drugs, 5), findings: pickSome(random, findings, 5), related: pickSome(random, conditions, 3) };
};

const sentence = (random: Random, condition: string) => {
  const own = vocabularyOf(condition);
  const drug = () => pick(random, random() < 0.9 ? own.drugs : drugs);
  const finding = () => pick(random, random() < 0.9 ? own.findings : findings);
  const shapes = [
    () => `${capitalize(pick(random, actions))} ${drug()} ${pick(random, contexts)} and ${pick(random, actions)} ${finding()} daily.`,
    () => `In ${condition}, ${finding()} guides whether to ${pick(random, actions)} ${drug()}.`,
    () => `${capitalize(finding())} above the upper limit ${pick(random, contexts)} should prompt a review of ${drug()}.`,
    () => `Consider ${pick(random, own.related)} when ${finding()} and ${finding()} change together.`,
    () => `${capitalize(drug())} dosing ${pick(random, contexts)}: ${pick(random, actions)} and ${pick(random, actions)} after 48 hours.`,
  ];
  return pick(random, shapes)();
};

const paragraph = (random: Random, condition: string, sentences: number) =>
  Array.from({ length: sentences }, () => sentence(random, condition)).join(' ');

/** A BlockNote section of `paragraphs` paragraphs, as the editor stores it. */
const sectionOf = (random: Random, condition: string, index: number, at: string) => ({
  id: `section-${index}`,
  title: pick(random, ['Assessment', 'Workup', 'Treatment', 'Monitoring', 'Disposition', 'Pearls', 'Evidence', 'Dosing']),
  deltaString: JSON.stringify(
    Array.from({ length: 4 + Math.floor(random() * 4) }, (_, i) => ({
      id: `b${index}-${i}`,
      type: 'paragraph',
      props: {},
      content: [{ type: 'text', text: paragraph(random, condition, 3 + Math.floor(random() * 4)), styles: {} }],
      children: [],
    })),
  ),
  editing: false,
  createdAt: at,
  updatedAt: at,
});

/** The i-th resource of the library (the same for a given seed and i). Created one minute apart, oldest first. */
export const libraryResource = (seed: number, i: number): Resource => {
  const random = seededRandom(seed * 1_000_003 + i);
  const condition = pick(random, conditions);
  const createdAt = new Date(Date.UTC(2022, 0, 1) + i * 60_000).toISOString();
  return {
    ...defaultResourceFields(),
    id: `bench-${String(i).padStart(6, '0')}`,
    name: `${capitalize(condition)} ${pick(random, kinds)}${random() < 0.3 ? ` ${pick(random, contexts)}` : ''}`,
    type: pick(random, types),
    tags: pickSome(random, specialties, 1 + Math.floor(random() * 5)),
    description: paragraph(random, condition, 1 + Math.floor(random() * 3)),
    link: random() < 0.4 ? `https://example.org/guides/${i}` : '',
    favorite: random() < 0.1,
    textSections: Array.from({ length: 1 + Math.floor(random() * 3) }, (_, s) => sectionOf(random, condition, s, createdAt)),
    clicks: 0,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
};

export type QueryKind = 'one word' | 'two words' | 'prefix' | 'tag filter' | 'flagged' | 'empty';
export const queryKinds: QueryKind[] = ['one word', 'two words', 'prefix', 'tag filter', 'flagged', 'empty'];

/** A realistic mix: what a clinician types into the search box, with the Flagged switch and tag chips. */
export const queryOf = (random: Random, kind: QueryKind): Partial<SearchRequest> => {
  const word = () => pick(random, [...conditions, ...drugs]).split(' ')[0]!;
  switch (kind) {
    case 'one word':
      return { query: word() };
    case 'two words':
      return { query: pick(random, conditions.filter((c) => c.includes(' '))).split(' ').slice(0, 2).join(' ') };
    case 'prefix': {
      const term = word();
      return { query: term.slice(0, 3 + Math.floor(random() * 3)) };
    }
    case 'tag filter':
      return { query: word(), tags: [pick(random, specialties)] };
    case 'flagged':
      return { query: random() < 0.5 ? word() : '', flagged: true };
    case 'empty':
      return {};
  }
};
