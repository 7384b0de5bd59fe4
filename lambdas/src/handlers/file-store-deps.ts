// The files bucket, for the functions that read or write the user's files (the HTTP API's files and AI groups, the
// chat reply).
import { S3Client } from '@aws-sdk/client-s3';
import { s3FileStore } from '../adapters/aws/s3-file-store';
import { config } from './base-deps';

export const fileStore = s3FileStore(new S3Client({}), config.FILES_BUCKET);
