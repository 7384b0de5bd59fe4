// Spec (Patient screen): a loading lock animation while the patient loads. A padlock that breathes gently (still for
// users who ask for reduced motion), announced to screen readers as 'Loading the patient'.
import { Text } from '@mantine/core';
import { IconLock } from '../../../components/icons';
import classes from './loading-lock.module.css';

export function LoadingLock() {
  return (
    <div role="status" aria-label="Loading the patient" className={classes.lock}>
      <span className={classes.icon} aria-hidden>
        <IconLock size={48} />
      </span>
      <Text size="sm" c="dimmed" aria-hidden>
        Loading the patient…
      </Text>
    </div>
  );
}
