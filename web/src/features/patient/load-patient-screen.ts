// The patient screen's code is a chunk of its own: the route loads it, and the panel loads it ahead while idle.
export const loadPatientScreen = () => import('./routes');
