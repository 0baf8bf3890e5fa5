import FloorScreen from '../FloorScreen';

export const dynamic = 'force-dynamic';

export default function Page() {
  return <FloorScreen path="/b" />;
}
