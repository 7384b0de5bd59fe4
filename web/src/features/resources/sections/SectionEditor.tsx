// One content section: its title ('Section Title' placeholder), its rich text, and, when editable, a remove action.
// A section can be collapsed to its title; collapsing is a view choice and is not saved.
import { ActionIcon, Collapse, Group, Paper, TextInput, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { MAX_SHORT_TEXT, type TextSection } from '@chartside/shared';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { IconChevron, IconTrash } from '../../../components/icons';
import { sectionLabel } from './section-list';
import classes from './sections.module.css';

/** The DOM ids the Table of Contents scrolls to and focuses. */
export const sectionElementId = (id: string) => `section-${id}`;
export const sectionTitleId = (id: string) => `section-title-${id}`;

export interface SectionEditorProps {
  section: TextSection;
  index: number;
  editable: boolean;
  onTitleChange: (title: string) => void;
  onBodyChange: (deltaString: string) => void;
  onRemove: () => void;
}

export function SectionEditor({ section, index, editable, onTitleChange, onBodyChange, onRemove }: SectionEditorProps) {
  const [expanded, setExpanded] = useState(true);
  // The editor reads its content once. When the stored text changes from elsewhere (another device's edit merged in,
  // 'Use theirs' in a conflict), it starts again from that text, so a later keystroke cannot write the old copy back.
  const [known, setKnown] = useState(section.deltaString);
  const [revision, setRevision] = useState(0);
  if (section.deltaString !== known) {
    setKnown(section.deltaString);
    setRevision(revision + 1);
  }
  const changeBody = (deltaString: string) => {
    setKnown(deltaString);
    onBodyChange(deltaString);
  };
  const position = `Section ${index + 1}`;
  return (
    <Paper component="section" withBorder p="sm" id={sectionElementId(section.id)} className={classes.section} aria-label={sectionLabel(section, index)}>
      <Group gap="xs" wrap="nowrap" align="center">
        <ActionIcon variant="subtle" color="gray" onClick={() => setExpanded((open) => !open)} aria-expanded={expanded} aria-label={`${expanded ? 'Collapse' : 'Expand'} ${position.toLowerCase()}`}>
          <IconChevron open={expanded} />
        </ActionIcon>
        {editable ? (
          <TextInput
            id={sectionTitleId(section.id)}
            className={classes.titleInput}
            variant="unstyled"
            size="md"
            placeholder="Section Title"
            aria-label={`${position} title`}
            value={section.title}
            maxLength={MAX_SHORT_TEXT}
            onChange={(event) => onTitleChange(event.currentTarget.value)}
          />
        ) : (
          <Title order={3} size="h4" id={sectionTitleId(section.id)} tabIndex={-1} className={classes.titleText} c={section.title.trim() ? undefined : 'dimmed'}>
            {sectionLabel(section, index)}
          </Title>
        )}
        {editable && (
          <Tooltip label="Remove section">
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${position.toLowerCase()}`}>
              <IconTrash />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Collapse expanded={expanded} keepMountedMode="display-none">
        <div className={classes.body}>
          <RichTextEditor key={revision} initialContent={section.deltaString} onChange={changeBody} editable={editable} label={`${position} text`} />
        </div>
      </Collapse>
    </Paper>
  );
}
