// The Templates picker (spec: Dialogs, Editor behaviours): opened in an editor by a comma, a period and a word
// (',.hpi'), it lists the user's text templates matching the word. BlockNote's suggestion menu runs it: arrows move,
// Enter or a click inserts, Escape closes and leaves the text as typed. With no templates yet it says how to make one.
import type { TextTemplate } from '@chartside/shared';
import type { SuggestionMenuProps } from '@blocknote/react';
import { use, useEffect, useRef } from 'react';
import classes from './RichTextEditor.module.css';
import { RichTextServicesContext } from './rich-text-services';

/** A template to insert, or (with none made yet) the way to the Templates page. */
export type TemplatePickerItem = { kind: 'template'; template: TextTemplate } | { kind: 'make-one' };

// BlockNote points the editable's aria-controls and aria-activedescendant at these ids.
const MENU_ID = 'bn-suggestion-menu';
const itemId = (index: number) => `bn-suggestion-menu-item-${index}`;

export function TemplatePicker({ items, selectedIndex, onItemClick }: SuggestionMenuProps<TemplatePickerItem>) {
  const { templatesPath, openTemplates } = use(RichTextServicesContext);
  const menu = useRef<HTMLDivElement>(null);

  // The chosen row stays in view as the arrows move through a long list.
  useEffect(() => {
    if (selectedIndex !== undefined) menu.current?.querySelector(`#${itemId(selectedIndex)}`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex]);

  const makeOne = items[0]?.kind === 'make-one';
  return (
    <div className={classes.picker} ref={menu}>
      <div className={classes.pickerTitle} aria-hidden="true">
        Templates
      </div>
      {makeOne && (
        <p className={classes.pickerHelp}>
          No templates yet. Make one on the{' '}
          <a
            href={templatesPath}
            onClick={(event) => {
              // Within the app (a new tab still opens with a modifier key).
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              openTemplates();
            }}
          >
            Templates
          </a>{' '}
          page, give it a trigger word, then type a comma, a period and that word here.
        </p>
      )}
      <div id={MENU_ID} role="listbox" aria-label="Templates">
        {items.map((item, index) => (
          <div
            key={item.kind === 'template' ? item.template.name : item.kind}
            id={itemId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            className={classes.pickerItem}
            onClick={() => onItemClick?.(item)}
          >
            {item.kind === 'template' ? (
              <>
                <span>{item.template.name}</span>
                <span className={classes.pickerTrigger}>,.{item.template.trigger}</span>
              </>
            ) : (
              <span>Open Templates</span>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
