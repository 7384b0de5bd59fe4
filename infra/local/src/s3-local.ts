// s3rver: the files bucket, on disk under the data folder, with the CORS rules browsers need for presigned PUT and GET.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './free-port';
import { localAws } from './settings';

const corsRules = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface S3Local {
  endpoint: string;
  close(): Promise<void>;
}

export const startS3Local = async (dataDir: string): Promise<S3Local> => {
  const directory = path.join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [
      { name: localAws.filesBucket, configs: [corsRules] },
      { name: localAws.backupsBucket, configs: [] },
    ],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
};
