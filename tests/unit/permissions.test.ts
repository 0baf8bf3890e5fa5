import { describe, expect, it } from 'vitest';
import { can } from '@/lib/platform/auth/session';

const session = { permissions: new Map([['exaPlan', new Set(['query', 'add'])], ['user', new Set<string>()]]) };

describe('权限检查 permissionId.action', () => {
  it.each([
    ['exaPlan.query', true],
    ['exaPlan.add', true],
    ['exaPlan.delete', false],
    ['certificate.query', false],
    ['user', true],
    ['exaPlan', true],
  ])('%s → %s', (check, expected) => {
    expect(can(session, check)).toBe(expected);
  });

  it('列表任一满足即为真，全不满足为假', () => {
    expect(can(session, ['certificate.query', 'exaPlan.add'])).toBe(true);
    expect(can(session, ['certificate.query', 'exaPlan.delete'])).toBe(false);
    expect(can(session, [])).toBe(false);
  });

  it('没有会话时一律为假', () => {
    expect(can(null, 'exaPlan.query')).toBe(false);
  });
});
