// The fictional sample a newcomer starts with: a small ward panel (notes, tasks, problems), an article with its PDF,
// text templates, a feed source and a chat. Every name, number and record is invented; the PDF says so on each page.
import {
  ChatMessage,
  FEED_PRESETS,
  Patient,
  Resource,
  defaultResourceFields,
  newTask,
  type FieldValue,
  type StoredTextTemplate,
  type Task,
} from '@chartside/shared';

/** A note section as the editor stores it: one BlockNote paragraph per line. */
const note = (...lines: string[]): string => JSON.stringify(lines.map((content) => ({ type: 'paragraph', content })));
const section = (...lines: string[]): FieldValue => ({ deltaString: note(...lines), expanded: true });

const daysFrom = (now: Date, days: number, hour = 9) => {
  const at = new Date(now);
  at.setUTCDate(at.getUTCDate() + days);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

const task = (now: Date, text: string, options: Partial<Pick<Task, 'priority' | 'dueDate' | 'completed'>> = {}): Task => ({
  ...newTask({ id: crypto.randomUUID(), text, now, priority: options.priority, dueDate: options.dueDate }),
  completed: options.completed ?? false,
});

const problem = (name: string, assessment: string, plan: string) => ({ id: crypto.randomUUID(), problem: name, assessment, plan });

export const samplePatients = (now: Date): Patient[] => {
  const at = now.toISOString();
  const base = { appointment: '', notes: '', lastAccessed: at, version: 0, lastSessionId: '', createdAt: at, updatedAt: at };
  return [
    {
      ...base,
      id: crypto.randomUUID(),
      lastname: 'Sample',
      firstname: 'Harriet',
      dob: '1948-06-02',
      mrn: 'DEMO-0001',
      room: '5W-12',
      attending: 'Dr Example',
      primarydx: 'Acute decompensated heart failure',
      oneliner: note('77F (fictional) with HFrEF (EF 30%), CKD 3a and AF admitted with 6 kg of fluid overload.'),
      tags: ['Sample', 'Cardiology'],
      tasks: [
        task(now, 'Spot urine sodium 2 h after IV furosemide', { priority: 1, dueDate: daysFrom(now, 0, 14) }),
        task(now, 'Daily weight and strict I/O', { priority: 2 }),
        task(now, 'Restart apixaban once INR-free plan confirmed with cardiology', { completed: true }),
      ],
      visibleFields: ['events', 'vitals', 'labs', 'assessment'],
      fields: {
        events: section('Hospital day 2. Diuresed 1.9 L overnight on IV furosemide 80 mg twice daily.', 'Orthopnoea improving: now sleeps on two pillows.'),
        vitals: section('BP 118/72, HR 88 (AF), RR 18, SpO2 94% on 2 L. Weight 71.4 kg (admission 74.9, dry target 68).'),
        labs: section('Na 133, K 3.8, Cr 1.5 (baseline 1.3), BNP 2,140.'),
        assessment: {
          deltaString: '',
          expanded: true,
          data: {
            problems: [
              problem('Acute decompensated HFrEF', 'Congested, responding to IV loop diuretic.', 'Continue furosemide 80 mg IV twice daily; urine Na at 2 h; target net -1.5 to -2 L a day.'),
              problem('AKI on CKD 3a', 'Cr 1.5 from 1.3, expected with decongestion.', 'Daily BMP; hold if Cr above 2.0 or K below 3.5.'),
            ],
          },
        },
      },
    },
    {
      ...base,
      id: crypto.randomUUID(),
      lastname: 'Demo',
      firstname: 'Marcus',
      dob: '1961-11-19',
      mrn: 'DEMO-0002',
      room: '5W-14',
      attending: 'Dr Example',
      primarydx: 'Community-acquired pneumonia',
      oneliner: note('63M (fictional) with COPD admitted with right lower lobe pneumonia, now on day 3 of antibiotics.'),
      tags: ['Sample'],
      tasks: [
        task(now, 'Switch to oral antibiotics if afebrile 24 h', { dueDate: daysFrom(now, 1) }),
        task(now, 'Chase sputum culture'),
      ],
      visibleFields: ['events', 'micro', 'assessment'],
      fields: {
        events: section('Afebrile since yesterday evening. Eating well, walking on the ward.'),
        micro: section('Blood cultures: no growth at 48 h. Sputum: pending.'),
        assessment: {
          deltaString: '',
          expanded: true,
          data: { problems: [problem('Right lower lobe pneumonia', 'Improving: CURB-65 1 on admission.', 'Day 3 of 5 of ceftriaxone and azithromycin; oral step-down tomorrow if stable.')] },
        },
      },
    },
    {
      ...base,
      id: crypto.randomUUID(),
      lastname: 'Example',
      firstname: 'Priya',
      dob: '1990-03-08',
      mrn: 'DEMO-0003',
      room: '5W-03',
      attending: 'Dr Placeholder',
      primarydx: 'Diabetic ketoacidosis, resolved',
      oneliner: note('35F (fictional) with type 1 diabetes, DKA resolved, on subcutaneous insulin; likely home tomorrow.'),
      tags: ['Sample', 'Discharge'],
      tasks: [task(now, 'Diabetes educator review before discharge', { dueDate: daysFrom(now, 0, 16) }), task(now, 'Discharge summary')],
      visibleFields: ['events', 'glycemic', 'dischargeplan'],
      fields: {
        events: section('Anion gap closed at 02:00; fixed-rate insulin stopped after basal given.'),
        glycemic: section('Glucose 6.8 to 11.2 mmol/L on basal-bolus insulin.'),
        dischargeplan: section('Home tomorrow if eating and glucose in range. Sick-day rules reviewed. Clinic in 2 weeks.'),
      },
    },
  ].map((patient) => Patient.parse(patient));
};

export const SAMPLE_PDF_NAME = 'Early decongestion in acute heart failure (sample).pdf';

/** The sample article, its PDF not yet attached (the seeder stores the file and adds it). */
export const sampleArticle = (now: Date): Resource => {
  const at = now.toISOString();
  const sectionOf = (title: string, ...lines: string[]) => ({ id: crypto.randomUUID(), title, deltaString: note(...lines), editing: false, createdAt: at, updatedAt: at });
  return Resource.parse({
    ...defaultResourceFields(),
    id: crypto.randomUUID(),
    name: 'Early decongestion in acute heart failure (sample)',
    type: 'article',
    description: 'A fictional teaching summary that comes with the demo: open its PDF, highlight a line, or ask the AI about it.',
    tags: ['Sample', 'Heart failure'],
    favorite: true,
    textSections: [
      sectionOf('Key points', 'Decongest fully before discharge.', 'Check a spot urine sodium 2 h after the first IV dose.', 'Escalate in steps: double the loop dose, then add a thiazide.'),
      sectionOf('My notes', 'Use for the 5W heart failure teaching on Thursday.'),
    ],
    article: {
      doi: '',
      title: 'Early decongestion in acute heart failure: a teaching summary',
      journal_name: 'Journal of Demonstration Medicine (fictional)',
      published_date: '2025-01-15',
      crossref: false,
      authors: ['A. Example', 'B. Sample'],
      oa_locations: [],
    },
    clicks: 0,
    version: 1,
    createdAt: at,
    updatedAt: at,
  });
};

/** Text templates, typed as ',.word' in any editor. */
export const sampleTemplates: Record<string, StoredTextTemplate> = {
  'Daily progress note': {
    trigger: 'progress',
    content: note('S: ***', 'O: Vitals ***. Exam ***.', 'A/P: ***'),
  },
  'Heart failure discharge checklist': {
    trigger: 'hfdc',
    content: note('Euvolaemic at dry weight ***', 'Oral diuretic dose observed 24 h', 'GDMT reviewed: ***', 'Follow-up within 7 days booked'),
  },
};

export const sampleFeedSource = FEED_PRESETS.find((preset) => preset.kind === 'Drug safety') ?? FEED_PRESETS[0]!;

/** A short chat about the sample article, as if asked earlier (the reply's model is named 'sample'). */
export const sampleChat = (now: Date, resourceId: string) => {
  const asked = new Date(now.getTime() - 60_000);
  const question = 'When should I add a thiazide to the loop diuretic?';
  const message = ChatMessage.parse({ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: question }], model: 'user', createdAt: asked.toISOString(), status: 'complete' });
  const answer =
    '<p>In this (fictional) summary: when the response stays poor after the loop dose has been doubled.</p><ul><li>Urine sodium under 50 to 70 mmol/L at 2 h, or</li><li>urine output under 100 to 150 mL/h at 6 h.</li></ul><p>Watch potassium and sodium closely once both are given.</p>';
  const reply = ChatMessage.parse({
    id: `${message.id}-reply`,
    role: 'model',
    parts: [{ type: 'text', text: answer }],
    model: 'sample',
    createdAt: new Date(asked.getTime() + 1).toISOString(),
    status: 'complete',
    received: answer.length,
  });
  return { head: { id: crypto.randomUUID(), title: question, createdAt: asked.toISOString(), lastUpdate: asked.toISOString(), messageCount: 0, resourceId }, message, reply };
};
