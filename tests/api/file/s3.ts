// 测试里起一个真实的 S3 兼容服务（s3rver，临时目录、随机端口），返回连到它的存储。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Storage, type S3Config, type Storage } from '@/lib/platform/storage';

export interface RunningS3 {
  storage: Storage;
  config: S3Config;
  stop(): Promise<void>;
}

export async function startS3(): Promise<RunningS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: 'uploads' }] });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'uploads',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    storage: createS3Storage(config),
    config,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
