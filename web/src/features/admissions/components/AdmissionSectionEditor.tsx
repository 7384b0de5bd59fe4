// One section of an admission note: its title, move up and down, remove, and its rich text with every writing aid of
// the editor (',.word' templates, dictation, '***' marks).
import { MAX_SHORT_TEXT, type AdmissionSection } from '@chartside/shared';
import { ActionIcon, Group, Paper, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { IconTrash } from '../../../components/icons';
import classes from './admission.module.css';

export interface AdmissionSectionEditorProps {
  section: AdmissionSection;
  isFirst: boolean;
  isLast: boolean;
  onChange: (section: AdmissionSection) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function AdmissionSectionEditor({ section, isFirst, isLast, onChange, onMove, onRemove }: AdmissionSectionEditorProps) {
  // The editor reads its content once: when the stored text changes from elsewhere (another device's edit merged in,
  // a conflict resolved), it starts again from that text, so a later keystroke cannot write the old copy back.
  const [known, setKnown] = useState(section.body);
  const [revision, setRevision] = useState(0);
  if (section.body !== known) {
    setKnown(section.body);
    setRevision(revision + 1);
  }
  const name = section.title.trim() || 'Untitled section';
  return (
    <Paper component="section" withBorder p="sm" className={classes.section} aria-label={name}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          className={classes.sectionTitle}
          variant="unstyled"
          size="md"
          fw={700}
          placeholder="Section title"
          aria-label={`Title of ${name}`}
          value={section.title}
          maxLength={MAX_SHORT_TEXT}
          onChange={(event) => onChange({ ...section, title: event.currentTarget.value })}
          style={{ flex: 1 }}
        />
        <Group gap={2} wrap="nowrap" className={classes.noPrint}>
          <Tooltip label="Move up">
            <ActionIcon variant="subtle" color="gray" disabled={isFirst} onClick={() => onMove(-1)} aria-label={`Move ${name} up`}>
              ↑
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="subtle" color="gray" disabled={isLast} onClick={() => onMove(1)} aria-label={`Move ${name} down`}>
              ↓
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove section">
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${name}`}>
              <IconTrash />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <RichTextEditor
        key={revision}
        initialContent={section.body}
        onChange={(body) => {
          setKnown(body);
          onChange({ ...section, body });
        }}
        editable
        label={`${name} text`}
      />
    </Paper>
  );
}
