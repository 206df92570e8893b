import { createBrowserRouter } from 'react-router';
import { MainLayout } from './layouts/main-layout';
import { RequireAdmin, RequireAuth, RequireValidator } from './guards';
import { RouteError } from './route-error';

// Every page is its own chunk, so a buyer never downloads admin or door code.
export const router = createBrowserRouter([
  {
    path: '/auth',
    lazy: () => import('../features/auth/pages/auth-page').then((m) => ({ Component: m.AuthPage })),
  },
  {
    path: '/validator',
    errorElement: <RouteError />,
    lazy: () =>
      import('../features/door/pages/validator-page').then((m) => ({
        Component: () => (
          <RequireValidator>
            <m.ValidatorPage />
          </RequireValidator>
        ),
      })),
  },
  {
    path: '/ticket-validator',
    errorElement: <RouteError />,
    lazy: () =>
      import('../features/door/pages/validator-page').then((m) => ({
        Component: () => (
          <RequireAdmin>
            <m.ValidatorPage />
          </RequireAdmin>
        ),
      })),
  },
  {
    path: '/admin',
    errorElement: <RouteError />,
    lazy: () =>
      import('../features/admin/layout/admin-layout').then((m) => ({
        Component: () => (
          <RequireAdmin>
            <m.AdminLayout />
          </RequireAdmin>
        ),
      })),
    children: [
      // admin pages
    ],
  },
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('../features/events/pages/home-page').then((m) => ({ Component: m.HomePage })) },
      { path: 'events', lazy: () => import('../features/events/pages/events-page').then((m) => ({ Component: m.EventsPage })) },
      {
        path: 'events/:brand',
        lazy: () => import('../features/events/pages/brand-events-page').then((m) => ({ Component: m.BrandEventsPage })),
      },
      { path: 'event/:id', lazy: () => import('./routes/event-detail-route').then((m) => ({ Component: m.EventDetailRoute })) },
      {
        path: 'payment-success',
        lazy: () => import('../features/checkout/pages/payment-success-page').then((m) => ({ Component: m.PaymentSuccessPage })),
      },
      {
        path: 'tickets',
        lazy: () =>
          import('../features/tickets/pages/tickets-page').then((m) => ({
            Component: () => (
              <RequireAuth>
                <m.TicketsPage />
              </RequireAuth>
            ),
          })),
      },
      { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);
