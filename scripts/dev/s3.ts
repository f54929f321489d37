/** s3rver in-process: the private media bucket with CORS for the app origin. */
import fs from 'node:fs';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

const cors = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3(port: number, dataDir: string, buckets: string[], appOrigin: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: path.resolve(dataDir),
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [cors(appOrigin)] })),
  });
  await server.run();
  return { close: () => server.close() as Promise<void>, endpoint: `http://127.0.0.1:${port}` };
}
