// components/privacy/**（看全个人信息的理由对话框、个人信息访问日志）与 lib/domains/privacy 的服务端消息：中文原文 → 英文。
import type { Catalogue } from '../index';

const texts: Record<string, string> = {
  // 理由与方式（UNMASK_REASONS、ACCESS_ACTION_LABEL；访问日志的 reasonName、actionName 同此）
  银行拨付: 'Bank payment',
  核对身份: 'Identity verification',
  处理投诉或异议: 'Complaint or objection',
  审计检查: 'Audit',
  其他: 'Other',
  查看: 'View',
  导出: 'Export',
  // 理由对话框
  '将显示{what}的完整个人信息。每次查看与导出都记入个人信息访问日志（谁、何时、哪条记录、理由）。':
    'The full personal data of {what} will be shown. Every view and export is written to the personal data access log (who, when, which record, why).',
  理由: 'Reason',
  说明: 'Description',
  请选择理由: 'Choose a reason',
  请写明说明: 'Write a note',
  确定: 'OK',
  // 访问日志
  个人信息访问日志: 'Personal data access log',
  时间: 'Time',
  账号: 'Account',
  查看人: 'Viewed by',
  方式: 'Access',
  记录: 'Record',
  '记录类型': 'Record type',
  '记录 id': 'Record id',
  人数: 'People',
  暂无访问记录: 'No access recorded',
  // 列表的“显示完整信息”（components/privacy/useUnmaskList.tsx）
  显示完整信息: 'Show full personal data',
  恢复脱敏: 'Mask again',
  '显示完整信息（已记访问日志）': 'Full data shown (access logged)',
  导出完整信息: 'Export full data',
  考评员列表: 'Assessor list',
  督导员列表: 'Supervisor list',
  监考人员列表: 'Proctor list',
  账号列表: 'Account list',
  用户列表: 'User list',
  '备案 {code} 的{label}': '{label} of filing {code}',
  '计划 {code} 的合格考生名单': 'Passed candidate list of plan {code}',
  请输入完整身份证号: 'Enter the full ID number',
  请输入完整手机号: 'Enter the full mobile number',
  '性别与出生日期由身份证号自动得出；编辑时显示脱敏号码，不改动即保留原号码': 'Gender and birth date come from the ID number; when editing, the masked number is kept unless you enter a new one',
  '编辑时显示脱敏号码，不改动即保留原号码': 'When editing, the masked number is kept unless you enter a new one',
  '为保护个人信息只显示部分号码；不改动即保留原号码，要更换请输入完整的新号码': 'Only part of the number is shown to protect personal data; it is kept unless you enter a full new number',
};

const errors: Record<string, string> = {
  没有查看完整个人信息的权限: 'You are not allowed to see full personal data',
  请选择查看完整个人信息的理由: 'Choose a reason for seeing full personal data',
  '理由为“其他”时请写明说明': 'Write a note when the reason is “Other”',
  请输入完整的身份证号: 'Enter the full ID number',
  请输入完整的手机号: 'Enter the full mobile number',
  只有备案人员可以看全个人信息: 'Only filing staff have personal data to show in full',
};

export const privacyMessages: Catalogue = { 'zh-CN': {}, 'en-US': {}, texts, errors };
