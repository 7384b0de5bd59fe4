import { describe, expect, it } from 'vitest';
import { examplePatient as patient } from '@chartside/shared/example-patient';
import { assertHeadFits } from '../data/patient-repository';

describe('assertHeadFits', () => {
  it('lets a large body through (it goes into chunks) but refuses a head that cannot fit one item, naming the patient', () => {
    expect(() => assertHeadFits({ ...patient, notes: 'x'.repeat(900_000) })).not.toThrow();
    expect(() => assertHeadFits({ ...patient, oneliner: 'x'.repeat(360_000) })).toThrow('The one-liner, tasks and tags of Okafor, Adaeze are too long to save.');
  });
});
