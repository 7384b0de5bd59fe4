// One icon per note section, drawn in the app's icon frame, so a clinician finds a section at a glance: a heart for
// cardiac, lungs for the airway, a drop for I/O, a flask for labs, a microbe for micro. Decorative: the title names it.
import type { PatientSection } from '@chartside/shared';
import type { ReactNode } from 'react';
import { Icon } from '../../../../components/icons';

const paths: Record<PatientSection, ReactNode> = {
  // A page of text.
  summary: <path d="M6 3h9l4 4v14H6zM9 9h6M9 13h7M9 17h5" />,
  // Two people.
  consultants: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 14a5 5 0 0 1 3 6" />
    </>
  ),
  // A calendar with a mark.
  events: <path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M9 15l2 2 4-4" />,
  // A speech bubble: what the patient says.
  subjective: <path d="M4 5h16v11H9l-5 4z" />,
  // A lightning bolt.
  pain: <path d="M13 2L5 14h6l-1 8 8-12h-6z" />,
  // A glucose meter with a drop.
  glycemic: <path d="M6 3h8v18H6zM9 7h2M18 10c-1.5 2-2 3-2 4a2 2 0 0 0 4 0c0-1-.5-2-2-4z" />,
  // A drop: intake and output.
  io: <path d="M12 3c-4 5-6 8-6 11a6 6 0 0 0 12 0c0-3-2-6-6-11z" />,
  // Lungs and the trachea.
  airway: <path d="M12 3v9M12 9l-3 3M12 9l3 3M8 8c-3 1-5 6-5 10 0 2 2 3 4 2l2-1V9zM16 8c3 1 5 6 5 10 0 2-2 3-4 2l-2-1V9z" />,
  // An IV bag and line.
  infusions: <path d="M8 3h8v9a4 4 0 0 1-8 0zM8 7h3M12 16v5M10 21h4" />,
  // A heart-rate trace.
  vitals: <path d="M3 12h4l2-5 4 10 2-5h6" />,
  // A stethoscope.
  exam: <path d="M6 3v6a4 4 0 0 0 8 0V3M10 13v3a5 5 0 0 0 10 0v-2M20 12a2 2 0 1 0 0-.1" />,
  // A flask.
  labs: <path d="M9 3h6M10 3v6L4 19a1.5 1.5 0 0 0 1.3 2h13.4a1.5 1.5 0 0 0 1.3-2L14 9V3M7 15h10" />,
  // A microbe: a body with short spikes.
  micro: (
    <>
      <circle cx="12" cy="12" r="5" />
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.9 2.9M15.5 15.5l2.9 2.9M5.6 18.4l2.9-2.9M15.5 8.5l2.9-2.9" />
      <circle cx="10.5" cy="11" r="1" />
    </>
  ),
  // A film with a bone.
  imaging: <path d="M3 5h18v14H3zM8 15l8-6M7.5 14a1.3 1.3 0 1 0 1.5 2M16.5 10a1.3 1.3 0 1 0-1.5-2" />,
  // A heart.
  cardiac: <path d="M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.5A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z" />,
  // A bar chart: tests and studies.
  studies: <path d="M4 20h16M7 16v-5M12 16V7M17 16v-8" />,
  // A clipboard with a check.
  assessment: <path d="M8 4h8v3H8zM6 5H5v16h14V5h-1M9 14l2 2 4-4" />,
  // A checklist of bundle items.
  bundle: <path d="M4 6l1.5 1.5L8 5M4 12l1.5 1.5L8 11M4 18l1.5 1.5L8 17M11 6h9M11 12h9M11 18h9" />,
  // A calendar with a return arrow.
  followup: <path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M15 16H9l2-2M9 16l2 2" />,
  // A receipt.
  billing: <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" />,
  // A handed-over sheet: the after-visit summary.
  avs: <path d="M7 3h10v12H7zM10 7h4M10 10h4M3 17l4 4h10l4-4" />,
  // A person with a badge.
  attending: (
    <>
      <circle cx="12" cy="7" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0M12 14v4M10 16h4" />
    </>
  ),
  // A bell.
  reminders: <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />,
  // A door with an arrow out.
  dischargeplan: <path d="M4 3h9v18H4zM10 12h.01M14 12h7M18 9l3 3-3 3" />,
  // A list leaving with the patient.
  dischargeinstructions: <path d="M5 3h10v18H5zM8 7h4M8 11h4M8 15h2M15 12h6M18 9l3 3-3 3" />,
  // A pen over a line.
  progressnote: <path d="M4 20h6M14 4l6 6-10 10H4v-6z" />,
  // A book: history and physical.
  hp: <path d="M4 4h7a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4zM20 4h-5a2 2 0 0 0-2 2v14a2 2 0 0 1 2-2h5z" />,
  // An exclamation in a bubble: the chief complaint.
  cc: <path d="M4 5h16v11H9l-5 4zM12 8v3M12 13.5v.5" />,
  // A clock turned back: the history of the present illness.
  hpi: <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 8v4l3 2" />,
  // A ribbon.
  onc: <path d="M12 3a3.5 3.5 0 0 0-3 5.5L14 21M12 3a3.5 3.5 0 0 1 3 5.5L10 21" />,
  // A gland shaped like the thyroid.
  endo: <path d="M12 6v6M12 12c-2-5-7-5-7 1s4 7 7 3M12 12c2-5 7-5 7 1s-4 7-7 3" />,
  // A folder of past history.
  pmh: <path d="M3 6h7l2 2h9v12H3zM12 12v4M10 14h4" />,
  // A scalpel.
  surgical: <path d="M3 21l9-9M12 12l7-7a2 2 0 0 1 2 2l-7 7zM9 15l2 2" />,
  // A shield with a cross: hospital-acquired infection.
  hai: <path d="M12 3l8 3v6c0 5-4 8-8 9-4-1-8-4-8-9V6zM12 9v6M9 12h6" />,
  // A capsule.
  ipmedications: <path d="M10.5 3.5a5 5 0 0 1 7 7l-7 7a5 5 0 0 1-7-7zM7 10l7 7" />,
  // A pill bottle.
  opmedications: <path d="M6 3h12v4H6zM7 7h10v14H7zM10 12h4M12 10v4" />,
  // A warning triangle.
  allergies: <path d="M12 4l9 16H3zM12 10v4M12 17v.5" />,
  // A house.
  social: <path d="M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6" />,
  // A family tree.
  family: (
    <>
      <rect x="9" y="3" width="6" height="5" rx="1" />
      <rect x="3" y="16" width="6" height="5" rx="1" />
      <rect x="15" y="16" width="6" height="5" rx="1" />
      <path d="M12 8v4M6 16v-4h12v4" />
    </>
  ),
  // A flame: risky behaviours.
  hrb: <path d="M12 21a6 6 0 0 0 6-6c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-3-2 2-3 4-3 7a6 6 0 0 0 6 6z" />,
};

export const SectionIcon = ({ section, size = 18 }: { section: PatientSection; size?: number }) => <Icon size={size}>{paths[section]}</Icon>;
