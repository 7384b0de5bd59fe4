// One note section of the left column: its icon and title (a click collapses it), the hover actions, the free text
// (rich text) and, for billing, labs, assessment, reminders and attending, the special component.
import {
  autoFormat, fieldText, forwardToSpecialComponent, hasSpecialComponent, noUpdatesDeltaString, plainTextDeltaString, sectionPlainText,
  readSpecialData, sectionTitle, specialComponentNames, specialDataOrStart, type FieldValue, type PatientSection,
} from '@chartside/shared';
import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { memo, useEffect, useId, useRef, type ReactNode } from 'react';
import { IconCheck, IconChevron, IconCopy, IconEraser, IconForward, IconNoUpdates, IconWand } from '../../../../components/icons';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor';
import { createClientId } from '../../../../platform/client-id';
import { useEditorKey, type PatientEditing } from '../../patient-editing';
import { useCopyText } from '../../../../components/use-copy-text';
import { SectionIcon } from './section-icons';
import classes from './sections.module.css';
import { SpecialComponent } from './special/SpecialComponent';
import { showUndoNotice } from './undo-notice';

export interface FieldSectionProps {
  section: PatientSection;
  value: FieldValue;
  /** The patient's attending, whom a new attestation names. */
  attending: string;
  changeSection: PatientEditing['changeSection'];
}

/** What an action changed, and so what its Undo may put back: the free text, the special component's data, or both. */
interface ChangedParts {
  text: boolean;
  data: boolean;
}

const sameData = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
// The text compares as plain text: the editor reopened on the action's text may store it re-serialized.
const sameText = (a: FieldValue, b: FieldValue) => sectionPlainText(a.deltaString) === sectionPlainText(b.deltaString);

/** `current` with the changed parts as they were in `before`; the rest (typed since, collapse, switches) stays. */
const restoreParts = (current: FieldValue, before: FieldValue, parts: ChangedParts): FieldValue => {
  const { data: _data, ...rest } = current;
  const text = parts.text ? before.deltaString : current.deltaString;
  const data = parts.data ? before.data : current.data;
  return data === undefined ? { ...rest, deltaString: text } : { ...rest, deltaString: text, data };
};

// Plain elements, not Mantine's: a patient screen shows some 40 sections, and their frames and 160-odd action buttons
// (each a Tooltip and an ActionIcon before) were most of the time it took to open.
function HoverAction({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={classes.action} onClick={onClick} aria-label={label} title={label}>
      {children}
    </button>
  );
}

// Memo: a keystroke changes one section's value; the other sections (some 40) are not rendered again.
export const FieldSection = memo(function FieldSection({ section, value, attending, changeSection }: FieldSectionProps) {
  // The value as it is now: actions and an Undo that run seconds after a render must not write an older copy back.
  const latestRef = useRef(value);
  useEffect(() => {
    latestRef.current = value;
  }, [value]);
  const title = sectionTitle(section);
  const titleId = useId();
  const editor = useEditorKey(value.deltaString);
  const { copied, copy } = useCopyText();

  const write = (change: (current: FieldValue) => FieldValue) => {
    const next = change(latestRef.current);
    latestRef.current = next;
    changeSection(section, next);
  };
  /**
   * Replaces what was written, with an Undo that puts back only what the action changed, and only while that is still
   * what the action wrote: text typed or data edited since is never reverted.
   */
  const replaceWithUndo = (change: (current: FieldValue) => FieldValue, notice: string) => {
    const before = latestRef.current;
    write(change);
    const after = latestRef.current;
    const parts: ChangedParts = { text: before.deltaString !== after.deltaString, data: !sameData(before.data, after.data) };
    showUndoNotice({
      title: `${title}: ${notice}`,
      message: 'Undo puts back what this changed.',
      onUndo: () => {
        const current = latestRef.current;
        const textChanged = parts.text && !sameText(current, after);
        if (textChanged || (parts.data && !sameData(current.data, after.data))) {
          const what = textChanged ? 'text' : special ? specialComponentNames[special] : 'section';
          notifications.show({ color: 'yellow', title: `${title}: cannot undo`, message: `It cannot be undone because the ${what} changed since.` });
          return;
        }
        write((latest) => restoreParts(latest, before, parts));
      },
    });
  };

  const expanded = value.expanded ?? true;
  const special = hasSpecialComponent(section) ? section : null;
  // Data that does not read as the component's shape is shown as free text only (and kept as it is).
  const readable = special ? readSpecialData(special, value.data).ok : false;
  const showFreeText = !special || !readable || (value.showFreeText ?? true);
  const specialData = (data: unknown) => (special ? specialDataOrStart(special, data, attending) : data);
  const hasText = () => sectionPlainText(latestRef.current.deltaString).trim().length > 0;

  const actions = {
    // Formatting works on the plain text, so it flattens rich styling (bold, lists, tables) into plain paragraphs.
    autoFormat: () => {
      if (!hasText()) return;
      replaceWithUndo((current) => ({ ...current, deltaString: plainTextDeltaString(autoFormat(sectionPlainText(current.deltaString))) }), 'formatted');
    },
    copy: () => void copy(fieldText(section, latestRef.current)),
    noUpdates: () => {
      const change = (current: FieldValue) => ({ ...current, deltaString: noUpdatesDeltaString() });
      if (hasText()) replaceWithUndo(change, 'marked as no updates');
      else write(change);
    },
    forward: (target: NonNullable<typeof special>) => {
      const result = forwardToSpecialComponent(target, sectionPlainText(latestRef.current.deltaString), specialData(latestRef.current.data), createClientId);
      if (!result.ok) {
        notifications.show({ color: 'yellow', title: `Nothing sent to the ${specialComponentNames[target]}`, message: result.message });
        return;
      }
      // Replacing what the component held (the attestation statement, the E/M level) must be undoable.
      if (result.replaced) {
        replaceWithUndo((current) => ({ ...current, data: result.data }), `sent to the ${specialComponentNames[target]}, replacing what was there`);
        return;
      }
      write((current) => ({ ...current, data: result.data }));
      notifications.show({ title: `Sent to the ${specialComponentNames[target]}`, message: `${result.added} added from the ${title} text.` });
    },
    clear: () => {
      const { deltaString, data } = latestRef.current;
      if (!deltaString && data === undefined) return;
      replaceWithUndo(({ data: _data, ...current }) => ({ ...current, deltaString: '' }), 'cleared');
    },
  };

  return (
    <section className={classes.field} aria-labelledby={titleId} data-section={section}>
      <div className={classes.header}>
        <button type="button" id={titleId} className={classes.titleButton} aria-expanded={expanded} onClick={() => write((current) => ({ ...current, expanded: !expanded }))}>
          <span className={classes.titleIcon} data-testid={`section-icon-${section}`}>
            <SectionIcon section={section} />
          </span>
          <span className={classes.title}>{title}</span>
          <IconChevron open={expanded} size={14} />
        </button>
        <div className={classes.actions} role="group" aria-label={`${title} actions`}>
          <HoverAction label="Auto-format" onClick={actions.autoFormat}>
            <IconWand />
          </HoverAction>
          <HoverAction label={copied ? 'Copied' : 'Copy'} onClick={actions.copy}>
            {copied ? <IconCheck /> : <IconCopy />}
          </HoverAction>
          <HoverAction label="No updates/new information" onClick={actions.noUpdates}>
            <IconNoUpdates />
          </HoverAction>
          {special && (
            <HoverAction label={`Send to ${specialComponentNames[special]}`} onClick={() => actions.forward(special)}>
              <IconForward />
            </HoverAction>
          )}
          <HoverAction label="Clear" onClick={actions.clear}>
            <IconEraser />
          </HoverAction>
        </div>
      </div>
      {/* Collapsed, the body stays mounted (its editor keeps its state), hidden. */}
      <div className={classes.body} hidden={!expanded}>
        {special && readable && (
          <Switch
            size="xs"
            label="Show free text"
            checked={showFreeText}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              write((current) => ({ ...current, showFreeText: checked }));
            }}
          />
        )}
        {showFreeText && (
          <div className={classes.editor}>
            <RichTextEditor
              key={editor.key}
              initialContent={value.deltaString}
              editable
              label={title}
              onChange={(serialized) => {
                editor.emitted(serialized);
                write((current) => ({ ...current, deltaString: serialized }));
              }}
            />
          </div>
        )}
        {special && (
          <SpecialComponent section={special} data={specialData(value.data)} onChange={(update) => write((current) => ({ ...current, data: update(specialData(current.data)) }))} />
        )}
      </div>
    </section>
  );
});
