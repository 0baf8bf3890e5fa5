// 字段级加密（SM4-CTR + HMAC-SM3）、盲索引与换钥：密文可解、被改动即失败、旧钥可读、轮换后全部改用新钥。
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pgTable, serial } from 'drizzle-orm/pg-core';
import { setupTestDb } from '../../helpers/db';
import { blindIndexColumn, sealedText, sealedColumnsOf } from '@/lib/platform/crypto/columns';
import { dataKeyProblem, DEV_DATA_KEY, DEV_INDEX_KEY, forgetKeyRing, keyRing } from '@/lib/platform/crypto/keys';
import { blindIndex, isSealed, kidOf, open, openMany, seal, SealedValueError } from '@/lib/platform/crypto/sealed';
import { MIN_OFFLOAD, offloadedBatches, openManyOff, sealManyOff } from '@/lib/platform/crypto/pool';
import { rotateSealedColumns } from '@/lib/platform/crypto/rotate';

const K1 = 'k1:' + '11'.repeat(32);
const K2 = 'k2:' + '22'.repeat(32);
const INDEX = '33'.repeat(32);

function useKeys(keys: string, index = INDEX) {
  process.env.DATA_KEY = keys;
  process.env.DATA_INDEX_KEY = index;
  forgetKeyRing();
}

afterEach(() => {
  delete process.env.DATA_KEY;
  delete process.env.DATA_INDEX_KEY;
  forgetKeyRing();
});

describe('seal / open', () => {
  it('encrypts with a random IV, carries the key id, and decrypts', () => {
    useKeys(K1);
    const a = seal('130102199001011234');
    const b = seal('130102199001011234');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1990');
    expect(isSealed(a)).toBe(true);
    expect(kidOf(a)).toBe('k1');
    expect(open(a)).toBe('130102199001011234');
    expect(open('张三 中文')).toBe('张三 中文');
  });

  it('refuses a changed ciphertext and an unknown key', () => {
    useKeys(K1);
    const sealed = seal('13800138000');
    const body = sealed.slice(sealed.lastIndexOf('.') + 1);
    const flipped = sealed.slice(0, sealed.lastIndexOf('.') + 1) + (body[0] === 'A' ? 'B' : 'A') + body.slice(1);
    expect(() => open(flipped)).toThrow(SealedValueError);
    expect(() => open(sealed.replace('s1.k1.', 's1.k2.'))).toThrow(/k2/);
    useKeys(K2);
    expect(() => open(sealed)).toThrow(/k1.*不在 DATA_KEY/);
  });

  it('remembers opened values per key ring: a changed copy of an opened value is still refused, a new ring forgets them', () => {
    useKeys(K1);
    const sealed = seal('13800138000');
    expect(openMany([sealed, sealed, '明文'])).toEqual(['13800138000', '13800138000', '明文']);
    expect(open(sealed)).toBe('13800138000');
    const body = sealed.slice(sealed.lastIndexOf('.') + 1);
    const flipped = sealed.slice(0, sealed.lastIndexOf('.') + 1) + (body[0] === 'A' ? 'B' : 'A') + body.slice(1);
    expect(() => openMany([sealed, flipped])).toThrow(SealedValueError);
    useKeys(K2);
    expect(() => open(sealed)).toThrow(/k1.*不在 DATA_KEY/);
  });

  it('reads values sealed with an older key listed after the active one', () => {
    useKeys(K1);
    const old = seal('6222020200112233445');
    useKeys(`${K2},${K1}`);
    expect(open(old)).toBe('6222020200112233445');
    expect(kidOf(seal('x'))).toBe('k2');
  });

  it('is byte-compatible with plain SM4-CTR (the counter carries across bytes), in both directions', () => {
    useKeys(K1);
    const keys = keyRing().active;
    // 旧写法（每个值一个 sm4-ctr 上下文）封的值要能打开
    const header = 's1.k1.';
    for (const ivHex of ['ffffffffffffffffffffffffffffffff', '000000000000000000000000000000ff', '00000000000000000000ffffffffffff', '0123456789abcdef0123456789abcdef']) {
      const iv = Buffer.from(ivHex, 'hex');
      const plain = `身份证 130102199001011234 ${ivHex}`;
      const c = createCipheriv('sm4-ctr', keys.enc, iv);
      const body = Buffer.concat([iv, c.update(plain, 'utf8'), c.final()]);
      const tag = createHmac('sm3', keys.mac).update(header).update(body).digest().subarray(0, 16);
      expect(open(header + Buffer.concat([body, tag]).toString('base64url'))).toBe(plain);
    }
    // 新写法封的值用 sm4-ctr 解得开
    const sealed = Buffer.from(seal('x'.repeat(50)).slice(header.length), 'base64url');
    const d = createDecipheriv('sm4-ctr', keys.enc, sealed.subarray(0, 16));
    expect(Buffer.concat([d.update(sealed.subarray(16, sealed.length - 16)), d.final()]).toString()).toBe('x'.repeat(50));
  });

  it('passes plaintext written before encryption through unchanged', () => {
    useKeys(K1);
    expect(open('130102199001011234')).toBe('130102199001011234');
  });
});

describe('batches in the worker thread', () => {
  it('seals and opens a large batch off the main thread with the same result, and refuses a changed value there too', async () => {
    useKeys(K1);
    const values = Array.from({ length: MIN_OFFLOAD + 5 }, (_, i) => `1301021990010${String(i).padStart(5, '0')}`);
    const sealed = await sealManyOff(values);
    // 不含原值（只查“1990”会偶尔误报：随机的 base64url 密文里约千分之六的机会出现这四个字符）
    expect(sealed.every((v, i) => kidOf(v) === 'k1' && !v.includes(values[i]))).toBe(true);
    expect(openMany(sealed)).toEqual(values);
    expect(await openManyOff(sealed)).toEqual(values);
    expect(offloadedBatches.count).toBe(2);
    // 换钥之后，工作线程用的是新的密钥环
    useKeys(`${K2},${K1}`);
    expect(kidOf((await sealManyOff(values))[0])).toBe('k2');
    expect(await openManyOff(sealed)).toEqual(values);
    const changed = [...sealed];
    changed[7] = changed[7].slice(0, -4) + (changed[7].endsWith('AAAA') ? 'BBBB' : 'AAAA');
    await expect(openManyOff(changed)).rejects.toBeInstanceOf(SealedValueError);
    useKeys(K2);
    await expect(openManyOff(sealed)).rejects.toThrow(/k1 不在 DATA_KEY/);
  });
});

describe('blind index', () => {
  it('is the same for the same number written differently and differs between numbers', () => {
    useKeys(K1);
    expect(blindIndex('idNumber', '13010219900101123x')).toBe(blindIndex('idNumber', ' 13010219900101123X '));
    expect(blindIndex('idNumber', '１３０１０２１９９００１０１１２３Ｘ')).toBe(blindIndex('idNumber', '13010219900101123X'));
    expect(blindIndex('mobile', '+86 138-0013-8000')).toBe(blindIndex('mobile', '13800138000'));
    expect(blindIndex('bankAccount', '6222 0202 0011')).toBe(blindIndex('bankAccount', '622202020011'));
    expect(blindIndex('idNumber', '130102199001011234')).not.toBe(blindIndex('idNumber', '130102199001011235'));
    expect(blindIndex('idNumber', '130102199001011234')).toHaveLength(43);
  });

  it('depends only on DATA_INDEX_KEY, so rotating DATA_KEY keeps look-ups working', () => {
    useKeys(K1);
    const before = blindIndex('mobile', '13800138000');
    useKeys(`${K2},${K1}`);
    expect(blindIndex('mobile', '13800138000')).toBe(before);
    useKeys(K1, '44'.repeat(32));
    expect(blindIndex('mobile', '13800138000')).not.toBe(before);
  });
});

describe('configuration', () => {
  it('refuses to run in production without keys, with the public development keys, or with malformed keys', () => {
    expect(dataKeyProblem({ NODE_ENV: 'production' })).toMatch(/必须设置 DATA_KEY/);
    expect(dataKeyProblem({ NODE_ENV: 'production', DATA_KEY: DEV_DATA_KEY, DATA_INDEX_KEY: INDEX })).toMatch(/开发用的公开密钥/);
    expect(dataKeyProblem({ NODE_ENV: 'production', DATA_KEY: K1, DATA_INDEX_KEY: DEV_INDEX_KEY })).toMatch(/开发用的公开密钥/);
    expect(dataKeyProblem({ NODE_ENV: 'production', DATA_KEY: 'K1:' + '11'.repeat(32), DATA_INDEX_KEY: INDEX })).toMatch(/格式不正确/);
    expect(dataKeyProblem({ NODE_ENV: 'production', DATA_KEY: 'k1:abcd', DATA_INDEX_KEY: INDEX })).toMatch(/太短/);
    expect(dataKeyProblem({ NODE_ENV: 'production', DATA_KEY: `${K1},${K1}`, DATA_INDEX_KEY: INDEX })).toMatch(/重复/);
    expect(dataKeyProblem({ NODE_ENV: 'production', DATA_KEY: `${K1},${DEV_DATA_KEY}`, DATA_INDEX_KEY: INDEX })).toBeNull();
    expect(dataKeyProblem({ NODE_ENV: 'development' })).toBeNull();
  });
});

const people = pgTable('sealed_probe', {
  id: serial('id').primaryKey(),
  idNumber: sealedText('id_number', { kind: 'idNumber', index: 'id_number_bidx' }).notNull(),
  idNumberIndex: blindIndexColumn('id_number_bidx'),
  mobile: sealedText('mobile', { kind: 'mobile' }),
});

describe('sealed columns in the database', () => {
  const t = setupTestDb();

  async function prepare() {
    const db = await t.db();
    await db.execute(sql`create table if not exists sealed_probe (id serial primary key, id_number text not null, id_number_bidx varchar(43), mobile text)`);
    await db.execute(sql`truncate sealed_probe restart identity`);
    return db;
  }

  it('stores ciphertext, reads plaintext through Drizzle and finds rows by the blind index', async () => {
    useKeys(K1);
    const db = await prepare();
    await db.insert(people).values({ idNumber: '130102199001011234', idNumberIndex: blindIndex('idNumber', '130102199001011234'), mobile: '13800138000' });
    const raw: unknown = await db.execute(sql`select id_number, mobile from sealed_probe`);
    const rawRows = (Array.isArray(raw) ? raw : (raw as { rows: unknown[] }).rows) as { id_number: string; mobile: string }[];
    expect(rawRows[0].id_number.startsWith('s1.k1.')).toBe(true);
    expect(JSON.stringify(rawRows)).not.toMatch(/1234|8000/);
    const [found] = await db.select().from(people).where(eq(people.idNumberIndex, blindIndex('idNumber', '130102199001011234')));
    expect(found).toMatchObject({ idNumber: '130102199001011234', mobile: '13800138000' });
    expect(sealedColumnsOf([people]).map((c) => c.column)).toEqual(['id_number', 'mobile']);
  });

  it('rotation re-encrypts every row with the new key, seals legacy plaintext and fills its index', async () => {
    useKeys(K1);
    const db = await prepare();
    for (let i = 0; i < 7; i++) await db.insert(people).values({ idNumber: `13010219900101${1000 + i}`, idNumberIndex: blindIndex('idNumber', `13010219900101${1000 + i}`), mobile: '13800138000' });
    await db.execute(sql`insert into sealed_probe (id_number, mobile) values ('130102199001019999', '13900139000')`);
    useKeys(`${K2},${K1}`);
    const report = await rotateSealedColumns(db, [people], { batch: 3 });
    expect(report).toEqual([
      { table: 'sealed_probe', column: 'id_number', rows: 8 },
      { table: 'sealed_probe', column: 'mobile', rows: 8 },
    ]);
    const raw: unknown = await db.execute(sql`select id_number, id_number_bidx, mobile from sealed_probe order by id`);
    const rows = (Array.isArray(raw) ? raw : (raw as { rows: unknown[] }).rows) as { id_number: string; id_number_bidx: string | null; mobile: string }[];
    expect(rows.every((r) => r.id_number.startsWith('s1.k2.') && r.mobile.startsWith('s1.k2.') && r.id_number_bidx)).toBe(true);
    useKeys(K2);
    const [legacy] = await db.select().from(people).where(eq(people.idNumberIndex, blindIndex('idNumber', '130102199001019999')));
    expect(legacy.mobile).toBe('13900139000');
    expect(await rotateSealedColumns(db, [people])).toEqual([
      { table: 'sealed_probe', column: 'id_number', rows: 0 },
      { table: 'sealed_probe', column: 'mobile', rows: 0 },
    ]);
  });
});
