'use client';
// @ant-design/icons 的入口依赖 React context，不能在服务端组件中直接导入；经此客户端边界转出。
export { PaperClipOutlined } from '@ant-design/icons';
