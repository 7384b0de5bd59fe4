// SCAFFOLD (replaced by its owner this session).
export interface NoteTemplatesDialogProps {
  opened: boolean;
  onClose: () => void;
}
export function NoteTemplatesDialog(_props: NoteTemplatesDialogProps) {
  return null;
}
