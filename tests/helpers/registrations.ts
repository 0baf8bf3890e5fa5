// 跨领域的登记（状态机的条件、下游领域的钩子）在 lib/workflows.ts 汇总引用；测试直接调用服务时同样需要它们。
import '@/lib/workflows';
