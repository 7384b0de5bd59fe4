// Envelope encryption, for the functions that seal or open encrypted resources and files (the HTTP API's files group,
// the chat reply): data keys from the deployment's KMS key, with the user and item as encryption context.
import { KMSClient } from '@aws-sdk/client-kms';
import { encryptionSdkCipher, kmsKeyring } from '../adapters/envelope/encryption-sdk-cipher';
import { config } from './base-deps';

export const cipher = encryptionSdkCipher(kmsKeyring(config.DATA_ENCRYPTION_KEY_ARN, new KMSClient({})));
