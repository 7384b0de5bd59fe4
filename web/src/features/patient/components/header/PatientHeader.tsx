// SCAFFOLD (replaced by its owner this session).
export interface PatientHeaderProps {
  onOpenTemplates: () => void;
  onOpenExtraction: () => void;
}
export function PatientHeader(_props: PatientHeaderProps) {
  return null;
}
