// SCAFFOLD (replaced by its owner this session).
export function PatientSections() {
  return null;
}
