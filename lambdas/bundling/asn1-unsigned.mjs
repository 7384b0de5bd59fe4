// asn1.js as the bundles that encrypt take it (an esbuild alias, see AppFunction's encryptionSdk): the AWS Encryption
// SDK needs ASN.1 only for ECDSA-signed messages (a signature's DER form, a signing key's PEM form), and Chartside's
// messages are not signed (encryption-sdk-cipher.ts), so the 69 KB parser is left out. The SDK still defines its ASN.1
// types when it loads; using one fails clearly, and a signed message is then refused as unreadable.
const unsigned = (name) => () => {
  throw new Error(`${name}: Chartside's encrypted messages are not signed, and this bundle has no ASN.1 for a signature`);
};

export default {
  define: (name) => ({ encode: unsigned(name), decode: unsigned(name) }),
};
