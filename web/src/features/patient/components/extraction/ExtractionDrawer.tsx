// SCAFFOLD (replaced by its owner this session).
export interface ExtractionDrawerProps {
  opened: boolean;
  onClose: () => void;
}
export function ExtractionDrawer(_props: ExtractionDrawerProps) {
  return null;
}
