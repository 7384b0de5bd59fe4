// One note section of the left column: its icon and title (a click collapses it), the hover actions, the free text
// (rich text) and, for billing, labs, assessment, reminders and attending, the special component.
import {
  autoFormat, fieldText, forwardToSpecialComponent, hasSpecialComponent, noUpdatesDeltaString, plainTextDeltaString, sectionPlainText,
  readSpecialData, sectionTitle, specialComponentNames, type FieldValue, type PatientSection,
} from '@chartside/shared';
import { ActionIcon, Collapse, Paper, Switch, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconCheck, IconChevron, IconCopy, IconEraser, IconForward, IconNoUpdates, IconWand } from '../../../../components/icons';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor';
import { createClientId } from '../../../../platform/client-id';
import { useEditorKey, usePatientEditing } from '../../patient-editing';
import { useCopyText } from '../header/use-copy-text';
import { SectionIcon } from './section-icons';
import classes from './sections.module.css';
import { SpecialComponent } from './special/SpecialComponent';
import { showUndoNotice } from './undo-notice';

export interface FieldSectionProps {
  section: PatientSection;
  value: FieldValue;
}

function HoverAction({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon variant="subtle" color="gray" onClick={onClick} aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function FieldSection({ section, value }: FieldSectionProps) {
  const { changeSection } = usePatientEditing();
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
  /** Replaces what was written, with an Undo that puts the value before back. */
  const replaceWithUndo = (change: (current: FieldValue) => FieldValue, notice: string) => {
    const before = latestRef.current;
    write(change);
    showUndoNotice({ title: `${title}: ${notice}`, message: 'Undo puts the section back as it was.', onUndo: () => write(() => before) });
  };

  const expanded = value.expanded ?? true;
  const special = hasSpecialComponent(section) ? section : null;
  // Data that does not read as the component's shape is shown as free text only (and kept as it is).
  const readable = special ? readSpecialData(special, value.data).ok : false;
  const showFreeText = !special || !readable || (value.showFreeText ?? true);
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
      const result = forwardToSpecialComponent(target, sectionPlainText(latestRef.current.deltaString), latestRef.current.data, createClientId);
      if (!result.ok) {
        notifications.show({ color: 'yellow', title: `Nothing sent to the ${specialComponentNames[target]}`, message: result.message });
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
    <Paper component="section" withBorder p="xs" radius="md" className={classes.field} aria-labelledby={titleId} data-section={section}>
      <div className={classes.header}>
        <UnstyledButton id={titleId} className={classes.titleButton} aria-expanded={expanded} onClick={() => write((current) => ({ ...current, expanded: !expanded }))}>
          <span className={classes.titleIcon} data-testid={`section-icon-${section}`}>
            <SectionIcon section={section} />
          </span>
          <span className={classes.title}>{title}</span>
          <IconChevron open={expanded} size={14} />
        </UnstyledButton>
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
      <Collapse expanded={expanded} keepMountedMode="display-none">
        <div className={classes.body}>
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
          {special && <SpecialComponent section={special} data={value.data} onChange={(update) => write((current) => ({ ...current, data: update(current.data) }))} />}
        </div>
      </Collapse>
    </Paper>
  );
}
