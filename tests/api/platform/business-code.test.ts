// 业务编号：先取主键再插入，编号与主键一致、并发取号不重复。
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessCode, nextId } from '@/lib/platform/db/codes';
import { filings } from '@/lib/domains/filing/tables';
import { setupTestDb } from '../../helpers/db';

const { db } = setupTestDb();

describe('业务编号', () => {
  it('格式：前缀、年份、类别与补零的序号', () => {
    expect(businessCode({ prefix: 'BA', year: 2026, kind: 1, serial: 123 })).toBe('BA20261000123');
    expect(businessCode({ prefix: 'JP', serial: 7, width: 4 })).toBe('JP0007');
  });

  it('并发取号各不相同，且插入后主键即所取的号', async () => {
    const d = await db();
    const ids = await Promise.all(Array.from({ length: 20 }, () => nextId(d, filings)));
    expect(new Set(ids).size).toBe(20);
    const [f] = await d.select().from(filings).limit(1);
    const id = await nextId(d, filings);
    const code = businessCode({ prefix: 'BA', year: 2026, kind: f.kind, serial: id });
    const { id: _old, publicCode: _public, ...rest } = f;
    void _old;
    void _public;
    await d.delete(filings).where(eq(filings.code, code));
    const [row] = await d.insert(filings).values({ ...rest, id, code, status: 6 }).returning();
    expect(row).toMatchObject({ id, code });
  });
});
