// The panel on paper: a plain table of the filtered, sorted patients, shown only when printing.
import { ageInYears, type PatientSummary } from '@chartside/shared';
import { memo } from 'react';
import { appointmentText, onelinerPreview, openTasks } from '../panel-text';
import { patientName } from './PatientCard';
import classes from './panel.module.css';

export interface PanelPrintListProps {
  patients: readonly PatientSummary[];
  inpatient: boolean;
  now: Date;
}

export const PanelPrintList = memo(function PanelPrintList({ patients, inpatient, now }: PanelPrintListProps) {
  return (
    <div className={classes.printOnly} data-testid="panel-print">
      <h1 style={{ fontSize: '14pt', margin: '0 0 8px' }}>Panel — {now.toLocaleDateString()}</h1>
      <table className={classes.printTable}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Age</th>
            <th scope="col">MRN</th>
            <th scope="col">{inpatient ? 'Room' : 'Appointment'}</th>
            <th scope="col">Tags</th>
            <th scope="col">Open tasks</th>
            <th scope="col">One-liner</th>
          </tr>
        </thead>
        <tbody>
          {patients.map((patient) => (
            <tr key={patient.id}>
              <td>{patientName(patient)}</td>
              <td>{ageInYears(patient.dob, now) ?? ''}</td>
              <td>{patient.mrn}</td>
              <td>{inpatient ? patient.room : appointmentText(patient.appointment)}</td>
              <td>{patient.tags.join(', ')}</td>
              <td>
                {openTasks(patient.tasks).map((task) => (
                  <div key={task.id}>☐ {task.text}</div>
                ))}
              </td>
              <td>{onelinerPreview(patient.oneliner)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
