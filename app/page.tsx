import { ServiceStatus } from './_components/service-status';

export default function HomePage() {
  return (
    <main>
      <h1>Stride</h1>
      <div className="card">
        <ServiceStatus />
      </div>
    </main>
  );
}
