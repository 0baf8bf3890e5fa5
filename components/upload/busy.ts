'use client';
// 表单里有文件正在上传时不能提交（否则保存的值里少了这个文件）：表单弹窗提供计数，上传组件上传期间占一个。
import { createContext, useContext, useEffect } from 'react';

export const UploadBusyContext = createContext<((delta: number) => void) | null>(null);

/** 上传组件在 uploading 为真期间向所在表单报“忙” */
export function useReportUploading(uploading: boolean): void {
  const report = useContext(UploadBusyContext);
  useEffect(() => {
    if (!uploading || !report) return;
    report(1);
    return () => report(-1);
  }, [uploading, report]);
}
