import { describe, expect, it } from 'vitest';
import { applyVoiceCommands } from './voice-commands';

describe('applyVoiceCommands', () => {
  it.each([
    ['clear all', 'clear_all'],
    ['undo', 'undo'],
    ['start list', 'start_list'],
    ['end list', 'end_list'],
    ['Clear all.', 'clear_all'],
    ['  UNDO!  ', 'undo'],
    ['Start list,', 'start_list'],
    ['clear-all', 'clear_all'],
    ['End   List?', 'end_list'],
  ])('%j alone is the command %s', (text, action) => {
    expect(applyVoiceCommands(text, false)).toMatchObject({ text: '', commands: [{ action }] });
  });

  it.each([
    'the patient is stable',
    'unable to undo the dressing',
    'please clear all the lines',
    'start list of medications',
    'clear',
    'list',
    'end of list',
  ])('%j is text, commands inside it included', (text) => {
    expect(applyVoiceCommands(text, false)).toEqual({ text, commands: [], listMode: false });
  });

  it('keeps several commands of one phrase in the order spoken', () => {
    expect(applyVoiceCommands('End list. Start list.', true)).toEqual({
      text: '',
      commands: [{ action: 'end_list' }, { action: 'start_list' }],
      listMode: true,
    });
    expect(applyVoiceCommands('undo undo', false).commands).toEqual([{ action: 'undo' }, { action: 'undo' }]);
  });

  it.each([
    ['start list', false, true],
    ['start list', true, true],
    ['end list', true, false],
    ['end list', false, false],
    ['undo', true, true],
    ['clear all', true, true],
    ['aspirin 81 mg daily', true, true],
    ['aspirin 81 mg daily', false, false],
  ])('%j with list mode %s leaves list mode %s', (text, before, after) => {
    expect(applyVoiceCommands(text, before).listMode).toBe(after);
  });

  it('trims the text and treats empty or punctuation-only text as text', () => {
    expect(applyVoiceCommands('  chest pain  ', false).text).toBe('chest pain');
    expect(applyVoiceCommands('', false)).toEqual({ text: '', commands: [], listMode: false });
    expect(applyVoiceCommands('...', false)).toEqual({ text: '...', commands: [], listMode: false });
  });
});
