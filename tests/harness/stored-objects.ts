// Objects in the runtime's files bucket (s3rver keeps each as a file under DATA_DIR/s3): made older than they are, for
// the file cleaner, which only offers objects past an age. s3rver reports a file's modification time as LastModified.
import { utimes } from 'node:fs/promises';
import path from 'node:path';

const BUCKET = 'chartside-files';

export const ageStoredObject = async (dataDir: string, key: string, hours: number) => {
  const when = new Date(Date.now() - hours * 3600_000);
  await utimes(path.join(dataDir, 's3', BUCKET, `${key}._S3rver_object`), when, when);
};
