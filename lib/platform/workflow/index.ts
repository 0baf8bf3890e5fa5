export { defineWorkflow, actorName, type Workflow, type MatrixRow } from './engine';
export { registerGate, gateOf, registeredGates } from './gates';
export { historyColumns, statusHistoryColumns } from './history';
export { scopedActors, type ScopedActor } from './actors';
export type * from './types';
