'use client';
// 密码强度条：分数与"强"的判定都来自 lib/platform/auth/password.ts（与服务端登录时的强度标记一致）。
import { Progress } from 'antd';
import { passwordMeetsRules, passwordScore, passwordStrength, STRONG, STRONG_SCORE } from '@/lib/platform/auth/password';
import { useT } from '@/lib/i18n/client';

export type StrengthLevel = 'weak' | 'medium' | 'strong';

/** 强：满足规则且得分 ≥ 60（即服务端的强度 3）；中：满足规则但得分不足；弱：不满足规则 */
export function strengthLevel(pw: string): StrengthLevel {
  if (passwordStrength(pw) === STRONG) return 'strong';
  return passwordMeetsRules(pw) ? 'medium' : 'weak';
}

const COLORS: Record<StrengthLevel, string> = { weak: '#ff4d4f', medium: '#faad14', strong: '#52c41a' };

export default function PasswordStrengthMeter({ password }: { password: string | undefined }) {
  const t = useT();
  if (!password) return null;
  const level = strengthLevel(password);
  const score = passwordScore(password);
  const percent = level === 'strong' ? 100 : Math.min(90, Math.round((score / STRONG_SCORE) * 100));
  return (
    <div data-testid="password-strength" style={{ marginTop: 4 }}>
      <div style={{ color: COLORS[level], fontSize: 13 }}>
        {t('auth.strength.label')}
        {t(`auth.strength.${level}`)}
      </div>
      <Progress percent={percent} showInfo={false} size="small" strokeColor={COLORS[level]} />
      {level !== 'strong' && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{t('auth.strength.hint')}</div>}
    </div>
  );
}

/**
 * 作 Form.Item 的 extra：没输入时为 undefined。给 extra 一个画出空内容的元素，antd 仍会留出一行，
 * 新密码与确认密码之间出现空隙。
 */
export const strengthExtra = (password: string | undefined) => (password ? <PasswordStrengthMeter password={password} /> : undefined);
