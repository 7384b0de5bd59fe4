// The deck bundled at /present/medEdFeb2025 (route name MedEdFeb2025): a short teaching talk for residents and students,
// kept as static data so it presents offline. Slide bodies are rich text as the editor stores it (BlockNote blocks).
import type { Slide } from '../slides';

type Block = { type: 'paragraph' | 'bulletListItem'; content: { type: 'text'; text: string; styles: { bold?: true } }[]; children: [] };

const block = (type: Block['type'], text: string, bold = false): Block => ({ type, content: [{ type: 'text', text, styles: bold ? { bold: true } : {} }], children: [] });
/** A lead paragraph (optional, in bold) and bullet points. */
const body = (lead: string | undefined, ...bullets: string[]) =>
  JSON.stringify([...(lead ? [block('paragraph', lead, true)] : []), ...bullets.map((text) => block('bulletListItem', text))]);

/** 'Hyponatremia: a stepwise approach': eight slides. */
export const medEdFeb2025 = {
  slides: [
    {
      title: 'Hyponatremia: a stepwise approach',
      body: body(
        'Medical education conference, February 2025',
        'Confirm that the hyponatremia is hypotonic',
        'Judge the severity by symptoms, not by the number alone',
        'Find the cause with urine osmolality and urine sodium',
        'Correct safely: a limit, not a target',
      ),
    },
    {
      title: 'Why it matters',
      body: body(
        'The most common electrolyte disorder in hospitalised patients.',
        'Serum sodium under 135 mmol/L; profound under 125 mmol/L',
        'Symptoms depend on how low and how fast: acute (under 48 h) is more dangerous than chronic',
        'Chronic mild hyponatremia still matters: falls, fractures, attention deficits',
        'Harm comes from the disorder and from correcting it too fast',
      ),
    },
    {
      title: 'Step 1: is it hypotonic?',
      body: body(
        'Measure serum osmolality before anything else.',
        'Under 275 mOsm/kg: true hypotonic hyponatremia, go on to step 2',
        'Normal osmolality: pseudohyponatremia (severe hypertriglyceridemia, paraproteins) or isotonic fluids (irrigation after TURP)',
        'High osmolality: hyperglycemia or mannitol pull water out of cells; correct sodium for glucose (about +2.4 mmol/L per 100 mg/dL of glucose above 100)',
      ),
    },
    {
      title: 'Step 2: how sick is the patient?',
      body: body(
        'Severe symptoms are an emergency, whatever the cause.',
        'Severe: vomiting, seizures, somnolence, coma, cardiorespiratory distress',
        'Give 150 mL of 3% saline over 20 minutes; check sodium and repeat up to twice',
        'Aim for a rise of 5 mmol/L in the first hours: it is enough to reverse cerebral edema',
        'Moderate symptoms (nausea, confusion, headache): a single 150 mL bolus of 3% saline and a search for the cause',
      ),
    },
    {
      title: 'Step 3: what is the cause?',
      body: body(
        'Send urine osmolality and urine sodium before treatment changes them.',
        'Urine osmolality under 100 mOsm/kg: primary polydipsia, low solute intake ("tea and toast", beer potomania)',
        'Urine osmolality over 100 and urine sodium under 30 mmol/L: low effective arterial volume (volume loss, heart failure, cirrhosis)',
        'Urine osmolality over 100 and urine sodium over 30 mmol/L: diuretics, SIADH, adrenal insufficiency, hypothyroidism, vomiting',
        'SIADH is a diagnosis of exclusion: euvolemia, normal adrenal and thyroid function, no diuretics',
      ),
    },
    {
      title: 'Step 4: treat the cause',
      body: body(
        undefined,
        'Hypovolemia: isotonic saline; expect a brisk water diuresis once volume is restored',
        'SIADH: fluid restriction first; then oral urea, or salt tablets with a loop diuretic',
        'Heart failure and cirrhosis: fluid restriction and treatment of the underlying disease',
        'Stop offending drugs: thiazides, SSRIs, carbamazepine and oxcarbazepine, desmopressin',
        'Low solute intake: feed the patient; avoid large volumes of free water',
      ),
    },
    {
      title: 'Correct safely',
      body: body(
        'A rise of more than 10 mmol/L in 24 hours risks osmotic demyelination.',
        'Chronic hyponatremia: aim for 4 to 6 mmol/L per day; never more than 8 mmol/L in 24 hours when the risk is high',
        'High risk: sodium 105 mmol/L or less, alcohol use disorder, malnutrition, hypokalemia, advanced liver disease',
        'Check sodium every 2 to 4 hours during active correction, and watch the urine output',
        'Overshooting: give 5% dextrose in water, with desmopressin, to bring the sodium back down',
      ),
    },
    {
      title: 'Take-home points',
      body: body(
        undefined,
        'Serum osmolality, urine osmolality and urine sodium answer most questions',
        'Treat severe symptoms at once with 3% saline boluses, then slow down',
        'A correction limit protects the brain: plan for it, and write it in the orders',
        'Teaching material: follow your local protocol for each patient',
      ),
    },
  ],
} satisfies { slides: Slide[] };
