// 本机保存的录像（SPEC §4：计划第 2、4 步的录像先存在本地，连同定时截图，保存时才上传）：IndexedDB。
// 录制中每段数据一到就写入（页面意外关闭也不丢），截图一张一行；保存成功后删除。
// 三个存储：meta（一段录像一行）、chunks 与 shots（按录像 id 索引，只追加，不重写已有的数据）。

export interface LocalRecording {
  id: string;
  planCode: string;
  siteCode: string | null;
  /** 开始录制的时刻（北京时间 YYYY-MM-DD HH:mm:ss） */
  recordingTime: string;
  /** 已录的秒数（录制中每次写入数据时更新） */
  duration: number;
  mime: string;
  /** 已结束录制（没结束的是页面关闭时中断的，同样可以保存） */
  finished: boolean;
}

export interface LocalShot {
  time: string;
  blob: Blob;
}

const DB_NAME = 'skills-portal-recordings';
const DB_VERSION = 1;
const META = 'meta';
const CHUNKS = 'chunks';
const SHOTS = 'shots';

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore(META, { keyPath: 'id' }).createIndex('planCode', 'planCode');
      db.createObjectStore(CHUNKS, { autoIncrement: true }).createIndex('rec', 'rec');
      db.createObjectStore(SHOTS, { autoIncrement: true }).createIndex('rec', 'rec');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error);
    };
  });
  return opening;
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });

const result = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

export async function saveMeta(meta: LocalRecording): Promise<void> {
  const tx = (await openDb()).transaction(META, 'readwrite');
  tx.objectStore(META).put(meta);
  await done(tx);
}

/** 追加一段视频数据，同时更新已录的秒数 */
export async function appendChunk(meta: LocalRecording, blob: Blob): Promise<void> {
  const tx = (await openDb()).transaction([META, CHUNKS], 'readwrite');
  tx.objectStore(CHUNKS).add({ rec: meta.id, blob });
  tx.objectStore(META).put(meta);
  await done(tx);
}

export async function addShot(id: string, shot: LocalShot): Promise<void> {
  const tx = (await openDb()).transaction(SHOTS, 'readwrite');
  tx.objectStore(SHOTS).add({ rec: id, ...shot });
  await done(tx);
}

/** 某计划在本机还没保存的录像 */
export async function listLocal(planCode: string): Promise<LocalRecording[]> {
  const tx = (await openDb()).transaction(META, 'readonly');
  const rows = await result(tx.objectStore(META).index('planCode').getAll(planCode) as IDBRequest<LocalRecording[]>);
  return rows.sort((a, b) => a.recordingTime.localeCompare(b.recordingTime));
}

/** 一段录像的视频（各段按写入顺序拼起来）与截图 */
export async function loadLocal(meta: LocalRecording): Promise<{ video: Blob; shots: LocalShot[] }> {
  const tx = (await openDb()).transaction([CHUNKS, SHOTS], 'readonly');
  const [chunks, shots] = await Promise.all([
    result(tx.objectStore(CHUNKS).index('rec').getAll(meta.id) as IDBRequest<{ blob: Blob }[]>),
    result(tx.objectStore(SHOTS).index('rec').getAll(meta.id) as IDBRequest<LocalShot[]>),
  ]);
  return { video: new Blob(chunks.map((c) => c.blob), { type: meta.mime }), shots: shots.map((s) => ({ time: s.time, blob: s.blob })) };
}

export async function removeLocal(id: string): Promise<void> {
  const db = await openDb();
  const tx = db.transaction([META, CHUNKS, SHOTS], 'readwrite');
  tx.objectStore(META).delete(id);
  for (const store of [CHUNKS, SHOTS]) {
    const index = tx.objectStore(store).index('rec');
    const keys = await result(index.getAllKeys(id));
    for (const key of keys) tx.objectStore(store).delete(key);
  }
  await done(tx);
}
