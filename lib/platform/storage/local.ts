// 本地目录存储（默认 ./data/uploads，UPLOAD_DIR）。先写到同目录的临时文件再改名：读的人看不到写了一半的文件。
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, checkRange, type ByteRange, type Storage, type StoredObject } from './types';

export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, assertKey(key));
    // assertKey 已排除 ..；再确认一次落在根目录之内
    if (!file.startsWith(base + path.sep)) throw new Error(`存储键越出根目录：${key}`); // i18n-ignore
    return file;
  };
  const statOf = async (key: string) => {
    try {
      const s = await fsp.stat(fileOf(key));
      return s.isFile() ? s : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };

  return {
    driver: 'local',
    // 本地文件不存类型：服务时取记录里的类型
    async put(key: string, body: Readable | Uint8Array) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body instanceof Readable ? body : Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]), fs.createWriteStream(tmp, { flags: 'wx' }));
        await fsp.rename(tmp, file);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const s = await statOf(key);
      if (!s) return null;
      const r = checkRange(range, s.size);
      const body = fs.createReadStream(fileOf(key), r ? { start: r.start, end: r.end } : {});
      return { body, size: s.size, range: r };
    },
    async stat(key: string) {
      const s = await statOf(key);
      return s ? { size: s.size } : null;
    },
    async delete(key: string) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
