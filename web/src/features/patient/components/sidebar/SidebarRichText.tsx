// A rich text of the sidebar (ID, Notes, Follow-up). The editor reads its content once: keyed by useEditorKey, it
// opens again only when the value changes by something other than its own typing (another device's edit merged in).
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor';
import { useEditorKey } from '../../patient-editing';

export interface SidebarRichTextProps {
  label: string;
  value: string;
  onChange: (serialized: string) => void;
}

export function SidebarRichText({ label, value, onChange }: SidebarRichTextProps) {
  const { key, emitted } = useEditorKey(value);
  return (
    <RichTextEditor
      key={key}
      label={label}
      initialContent={value}
      editable
      onChange={(serialized) => {
        emitted(serialized);
        onChange(serialized);
      }}
    />
  );
}
