// readable-stream as the bundles that encrypt take it (an esbuild alias, see AppFunction's encryptionSdk): that package
// is a copy of Node's own streams for browsers and old Nodes, which the AWS Encryption SDK and duplexify (under its
// decryption) use. Lambda's Node has them built in, so the bundle needs no copies of them (two versions, with helpers).
import stream from 'node:stream';

export const { Duplex, finished, PassThrough, Readable, Stream, Transform, Writable } = stream;

/** The copy's pipeline may be given no callback (the SDK's encryption gives none; errors reach it through its streams). */
export const pipeline = (...streams) => stream.pipeline(...streams, ...(typeof streams.at(-1) === 'function' ? [] : [() => {}]));
