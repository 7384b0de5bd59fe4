// SCAFFOLD (replaced by its owner this session).
export interface AttendingAutocompleteProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
}
export function AttendingAutocomplete(_props: AttendingAutocompleteProps) {
  return null;
}
