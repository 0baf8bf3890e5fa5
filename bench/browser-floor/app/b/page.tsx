import FloorTable from '../FloorTable';
import { floorRows } from '../rows';

export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <div data-screen-path="/b">
      <FloorTable rows={floorRows()} />
    </div>
  );
}
