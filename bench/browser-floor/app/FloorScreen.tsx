import FloorTable from './FloorTable';
import { floorRows } from './rows';

/** 一页：data-screen-path 与门户相同（基准据此认出新界面的第一行） */
export default function FloorScreen({ path }: { path: string }) {
  return (
    <div data-screen-path={path}>
      <FloorTable rows={floorRows()} />
    </div>
  );
}
