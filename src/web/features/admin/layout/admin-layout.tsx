import { Outlet } from 'react-router';

export function AdminLayout() {
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <main className="mx-auto max-w-6xl p-4">
        <Outlet />
      </main>
    </div>
  );
}
