// SCAFFOLD (replaced by its owner this session).
export function PatientSidebar() {
  return null;
}
