// The EnvelopeCipher on the AWS Encryption SDK: in the cloud with a KMS keyring (the deployment's customer-managed key),
// locally with a raw AES keyring (a 256-bit key under DATA_DIR, see local-data-key.ts). No cryptography of our own.
// The Encryption SDK's own packages, not its umbrella @aws-crypto/client-node: that one is CommonJS re-exporting every
// keyring (branch keystore, RSA, caching), so bundles kept all of them; these are ES modules esbuild can tree-shake.
import { buildDecrypt } from '@aws-crypto/decrypt-node';
import { buildEncrypt } from '@aws-crypto/encrypt-node';
import { KmsKeyringClass, type AwsEsdkKMSInterface } from '@aws-crypto/kms-keyring';
import { AlgorithmSuiteIdentifier, CommitmentPolicy, immutableClass, KeyringNode, type Newable, type NodeAlgorithmSuite } from '@aws-crypto/material-management-node';
import { RawAesKeyringNode, RawAesWrappingSuiteIdentifier } from '@aws-crypto/raw-aes-keyring-node';
import { DecryptCommand, EncryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { badRequest } from '@chartside/shared';
import type { EncryptionContext, EnvelopeCipher } from '../../ports/envelope-cipher';

const { encrypt } = buildEncrypt(CommitmentPolicy.REQUIRE_ENCRYPT_REQUIRE_DECRYPT);
const { decrypt } = buildDecrypt(CommitmentPolicy.REQUIRE_ENCRYPT_REQUIRE_DECRYPT);

/**
 * Key-committing AES-256-GCM without the ECDSA signature: the same service writes and reads every message, so a
 * signature would prove nothing more, and it doubles the cost of 1 MB (and makes decryption buffer the message).
 */
const SUITE = AlgorithmSuiteIdentifier.ALG_AES256_GCM_IV12_TAG16_HKDF_SHA512_COMMIT_KEY;

/** 64 KiB frames instead of the SDK's 4 KiB: 32 bytes of IV and tag per frame, so 1 MB grows by 0.05% instead of 0.8%. */
const FRAME_LENGTH = 64 * 1024;

const unreadable = () => badRequest('This could not be decrypted: it was not encrypted by Chartside for you, or it was changed since.');

export const encryptionSdkCipher = (keyring: KeyringNode): EnvelopeCipher => ({
  async encrypt(plaintext, context) {
    const { result } = await encrypt(keyring, plaintext, { suiteId: SUITE, frameLength: FRAME_LENGTH, encryptionContext: { ...context } });
    return result;
  },

  async decrypt(ciphertext, expected) {
    let opened: Awaited<ReturnType<typeof decrypt>>;
    try {
      opened = await decrypt(keyring, ciphertext instanceof Uint8Array ? Buffer.from(ciphertext.buffer, ciphertext.byteOffset, ciphertext.byteLength) : ciphertext);
    } catch {
      // A changed byte, another format, another key, or (KMS) a context the key refuses: all are this message's fault.
      throw unreadable();
    }
    // The SDK authenticates the context it finds in the message; that it is the one expected is ours to check.
    const { userId, itemId } = opened.messageHeader.encryptionContext;
    if (userId !== expected.userId || !itemId || (expected.itemId !== undefined && itemId !== expected.itemId)) throw unreadable();
    const context: EncryptionContext = { userId, itemId };
    return { plaintext: new Uint8Array(opened.plaintext.buffer, opened.plaintext.byteOffset, opened.plaintext.byteLength), context };
  },
});

/**
 * The Encryption SDK's KMS keyring class, as @aws-crypto/kms-keyring-node's KmsKeyringNode makes it but without that one's
 * default client supplier: the default is the SDK's aggregated KMS class, which puts every KMS operation in the bundle.
 * (The mixin's type asks for a constructible base; KeyringNode is abstract.)
 */
class KmsKeyring extends KmsKeyringClass<NodeAlgorithmSuite, AwsEsdkKMSInterface>(KeyringNode as Newable<KeyringNode>) {}
immutableClass(KmsKeyring);

/** The cloud keyring: data keys generated and unwrapped by the deployment's KMS key, with the context passed to KMS. */
export const kmsKeyring = (keyArn: string, kms: KMSClient): KeyringNode => {
  // The three calls the keyring makes, as commands to one client.
  const client: AwsEsdkKMSInterface = {
    generateDataKey: (input) => kms.send(new GenerateDataKeyCommand(input)),
    encrypt: (input) => kms.send(new EncryptCommand(input)),
    decrypt: (input) => kms.send(new DecryptCommand(input)),
  };
  return new KmsKeyring({ generatorKeyId: keyArn, clientProvider: () => client });
};

/** The local keyring: data keys wrapped with AES-256-GCM under a 32-byte key (made by loadLocalDataKey). */
export const rawAesKeyring = (key: Uint8Array): KeyringNode =>
  new RawAesKeyringNode({
    keyNamespace: 'chartside-local',
    keyName: 'data-key',
    unencryptedMasterKey: key,
    wrappingSuite: RawAesWrappingSuiteIdentifier.AES256_GCM_IV12_TAG16_NO_PADDING,
  });
