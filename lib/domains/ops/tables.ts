// 运维相关的表。
export {};
