import { describe, expect, it } from 'vitest';
import { AppError, errorStatus, notFound, versionConflict } from './app-error';

describe('AppError', () => {
  it.each(Object.entries(errorStatus))('code %s maps to status %i', (code, status) => {
    expect(new AppError(code as keyof typeof errorStatus, 'x').status).toBe(status);
  });

  it('renders the one error shape, with issues only when present', () => {
    expect(notFound('Patient').toBody()).toEqual({ error: { code: 'not_found', message: 'Patient was not found.' } });
    const withIssues = new AppError('validation_failed', 'Bad', [{ path: 'cprs', message: 'Expected boolean' }]);
    expect(withIssues.toBody().error.issues).toEqual([{ path: 'cprs', message: 'Expected boolean' }]);
  });

  it('names what conflicted', () => {
    expect(versionConflict('Your settings').message).toMatch(/^Your settings changed on another device/);
  });
});
