// components/message/**（全部消息页：页头铃铛 › 查看全部）的界面文字：中文原文 → 英文。
const texts: Record<string, string> = {
  全部消息: 'All messages',
  范围: 'Scope',
  只看未读: 'Unread only',
  状态: 'Status',
  已读: 'Read',
  未读: 'Unread',
  类型: 'Type',
  待办: 'To do',
  通知: 'Notice',
  系统: 'System',
  消息: 'Message',
  时间: 'Time',
  全部标为已读: 'Mark all as read',
  打开: 'Open',
  标为已读: 'Mark as read',
  暂无消息: 'No messages',
};

export const messageMessages = { 'zh-CN': {}, texts };
