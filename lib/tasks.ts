// 登记后台任务种类的模块：执行器（instrumentation.ts 启动，与路由不在同一份打包里）先加载这里，才认得各领域的任务。
// 新的任务种类在领域里 registerTask，并把那个模块加到这里。
import '@/lib/workflows';
import '@/lib/domains/certificate/print';
import '@/lib/domains/ops/task-log';
import '@/lib/domains/questionBank/papers';
// 分步导入的后台确认：stagedImport() 在各领域的 imports.ts 里登记
import '@/lib/domains/examinee/imports';
import '@/lib/domains/trainClass/imports';
// 规模大的导出与整份导入（端点行 asTask）
import '@/lib/domains/task/large-work';
