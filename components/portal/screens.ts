// 本模块的界面：菜单项 component 名 → 界面组件（由 components/screens/registry.tsx 汇总）。
import type { ComponentType } from 'react';
import BlacklistList from './BlacklistList';
import ContactList from './ContactList';
import FeedbackList from './FeedbackList';
import FriendLinkList from './FriendLinkList';
import OpinionCollect from './OpinionCollect';

export const portalScreens: Record<string, ComponentType> = { BlacklistList, FriendLinkList, ContactList, OpinionCollect, FeedbackList };
