// 报送全国网的督导材料的状态机（未提交 → 已提交）的声明：状态、转换与操作（lib/platform/workflow 的格式），引擎（workflow.ts）按它办理与拒绝。
// 分派到计划的督导员上传（network-files.ts 的 addNetworkFile，不是转换）、删除未提交的、提交（一次提交计划的全部未提交材料，逐份办理）；
// 提交后锁定。上传、删除与提交都只在计划处于考务安排或成绩管理步骤、未取消时（access.ts 的 supervisionOpen）。
import type { OperationDef, TransitionDef } from '@/lib/platform/workflow';

export const NETWORK_FILE_STATUS = { DRAFT: 0, COMMITTED: 1 } as const;

export const NETWORK_FILE_STATUS_LABEL: Record<number, string> = { [NETWORK_FILE_STATUS.DRAFT]: '未提交', [NETWORK_FILE_STATUS.COMMITTED]: '已提交' };
export const NETWORK_FILE_STATUS_COLOR: Record<number, string> = { [NETWORK_FILE_STATUS.DRAFT]: 'default', [NETWORK_FILE_STATUS.COMMITTED]: 'green' };

/** 办理方：分派到该计划（任一场次）的督导员 */
export type NetworkFileActor = 'supervisor';
export const NETWORK_FILE_ACTOR_LABEL: Record<NetworkFileActor, string> = { supervisor: '分派到该计划的督导员' };

export type NetworkFileAction = 'commit';
export type NetworkFileOperation = 'delete';

/** 材料与它所属计划此刻可否填写督导记录（open，由 access.ts 的 supervisionOpen 算出）、分派到计划的督导员账号 */
export interface NetworkFileLike {
  status: number;
  open: boolean;
  planPosition: string;
  supervisorUserIds: readonly number[];
}

const COMMIT_WHAT = '提交报送材料';

const OPEN = {
  when: (f: NetworkFileLike) => f.open,
  whenMessage: (f: NetworkFileLike) => `计划当前处于「${f.planPosition}」，${COMMIT_WHAT}须在「考务安排」或「成绩管理」步骤`,
  whenLabel: '计划处于考务安排或成绩管理步骤、未取消',
} as const;

export const NETWORK_FILE_TRANSITIONS: readonly TransitionDef<NetworkFileLike, NetworkFileAction, NetworkFileActor, string>[] = [
  { action: 'commit', verb: '提交报送材料', from: [NETWORK_FILE_STATUS.DRAFT], to: NETWORK_FILE_STATUS.COMMITTED, actor: 'supervisor', permission: 'supervision.edit', opinion: 'none', ...OPEN },
];

export const NETWORK_FILE_OPERATIONS: Readonly<Record<NetworkFileOperation, OperationDef<NetworkFileLike, NetworkFileActor>>> = {
  delete: { label: '删除', from: [NETWORK_FILE_STATUS.DRAFT], actor: 'supervisor', permission: 'supervision.delete', when: OPEN.when },
};
