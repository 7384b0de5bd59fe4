// One patient on the panel: a card (name and age, MRN, room or appointment, tags, next task, one-liner) or, compact,
// one dense line. Either is a single link to the patient's page.
import { ageInYears, displayName, isOverdue, type PatientSummary } from '@chartside/shared';
import { memo } from 'react';
import { Link } from 'react-router';
import { appointmentText, dueText, onelinerPreview, openTasks } from '../panel-text';
import classes from './panel.module.css';

export interface PatientCardProps {
  patient: PatientSummary;
  /** The inpatient setting: a room, else an appointment. */
  inpatient: boolean;
  now: Date;
}

export const patientPath = (id: string): string => `/panel/${encodeURIComponent(id)}`;

export const patientName = (patient: Pick<PatientSummary, 'lastname' | 'firstname'>): string => displayName(patient) || 'Unnamed patient';

const whereText = (patient: PatientSummary, inpatient: boolean): string =>
  inpatient ? (patient.room.trim() ? `Room ${patient.room.trim()}` : '') : patient.appointment ? `Appointment ${appointmentText(patient.appointment)}` : '';

function NextTask({ patient, now }: { patient: PatientSummary; now: Date }) {
  const next = openTasks(patient.tasks)[0];
  if (!next) return null;
  return (
    <div className={classes.cardRow}>
      <p className={`${classes.small} ${classes.truncate}`}>
        Next task: {next.text}
        {next.dueDate && ` (due ${dueText(next.dueDate)})`}
      </p>
      {isOverdue(next, now) && <span className={classes.overdue}>Overdue</span>}
    </div>
  );
}

// Plain elements styled by Mantine's variables, not Mantine components: the panel renders hundreds of cards, and a
// card of a dozen components took most of the time between the list's arrival and the first card painted.
// Memo: a new sort or filter moves the unchanged cards without rendering them again.
export const PatientCard = memo(function PatientCard({ patient, inpatient, now }: PatientCardProps) {
  const age = ageInYears(patient.dob, now);
  const where = whereText(patient, inpatient);
  const oneliner = onelinerPreview(patient.oneliner);
  return (
    <li className={classes.card}>
      <div className={classes.cardHeading}>
        <Link to={patientPath(patient.id)} className={`${classes.cardLink} ${classes.name}`}>
          {patientName(patient)}
        </Link>
        {age !== undefined && <p className={`${classes.small} ${classes.dimmed} ${classes.fixed}`}>Age {age}</p>}
      </div>
      {(patient.mrn.trim() || where) && (
        <div className={classes.cardFacts}>
          {patient.mrn.trim() && <p className={classes.small}>MRN {patient.mrn.trim()}</p>}
          {where && <p className={classes.small}>{where}</p>}
        </div>
      )}
      {patient.tags.length > 0 && (
        <div className={classes.tags} aria-label="Tags" role="list">
          {patient.tags.map((tag) => (
            <span key={tag} role="listitem" className={classes.tag}>
              {tag}
            </span>
          ))}
        </div>
      )}
      <NextTask patient={patient} now={now} />
      {oneliner && <p className={`${classes.small} ${classes.dimmed} ${classes.twoLines}`}>{oneliner}</p>}
    </li>
  );
});

export const CompactPatientRow = memo(function CompactPatientRow({ patient, inpatient, now }: PatientCardProps) {
  const age = ageInYears(patient.dob, now);
  const where = whereText(patient, inpatient);
  const next = openTasks(patient.tasks)[0];
  return (
    <li className={classes.compactRow}>
      <Link to={patientPath(patient.id)} className={`${classes.cardLink} ${classes.name} ${classes.small} ${classes.fixed}`}>
        {patientName(patient)}
      </Link>
      <p className={`${classes.small} ${classes.dimmed} ${classes.truncate}`}>
        {[age !== undefined ? `Age ${age}` : '', where, next ? `Next: ${next.text}${isOverdue(next, now) ? ' (overdue)' : ''}` : ''].filter(Boolean).join(' · ')}
      </p>
    </li>
  );
});
