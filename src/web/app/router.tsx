import { createBrowserRouter } from 'react-router';
import { MainLayout } from './layouts/main-layout';
import { RequireAdmin, RequireAuth, RequireValidator } from './guards';
import { RouteError } from './route-error';

/** What the first load shows until the page's code has arrived: an empty screen marked busy. */
function PageLoading() {
  return <div aria-busy="true" className="min-h-dvh" />;
}

// Every page is its own chunk, so a buyer never downloads admin or door code. The server
// preloads the chunks of the public pages with their HTML (publicPageModules in
// src/server/http/app-shell.ts), so a page's code does not wait for the entry to ask for it.
//
// The root route has no code of its own: on the first load, while the matched page's chunk
// arrives, it renders its HydrateFallback (an empty, busy screen, as before the chunk runs)
// rather than React Router's warning that no fallback was provided.
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoading,
    children: [
      {
        path: '/auth',
        lazy: () => import('../features/auth/pages/auth-page').then((m) => ({ Component: m.AuthPage })),
      },
      {
        path: '/reset-password',
        lazy: () => import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
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
        path: '/bilheteria',
        errorElement: <RouteError />,
        lazy: () => import('../features/box-office/pages/box-office-page').then((m) => ({ Component: m.BoxOfficePage })),
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
          { index: true, lazy: () => import('./routes/admin-dashboard-route').then((m) => ({ Component: m.AdminDashboardRoute })) },
          { path: 'coupons', lazy: () => import('./routes/admin-coupons-route').then((m) => ({ Component: m.AdminCouponsRoute })) },
          { path: 'news', lazy: () => import('../features/admin/news/pages/news-page').then((m) => ({ Component: m.NewsPage })) },
          {
            path: 'banners',
            lazy: () => import('../features/admin/banners/pages/banners-page').then((m) => ({ Component: m.BannersPage })),
          },
          {
            path: 'refunds',
            lazy: () => import('../features/admin/refunds/pages/admin-refunds-page').then((m) => ({ Component: m.AdminRefundsPage })),
          },
          {
            path: 'events',
            lazy: () => import('../features/admin/events/pages/admin-events-page').then((m) => ({ Component: m.AdminEventsPage })),
          },
          {
            path: 'events/new',
            lazy: () => import('../features/admin/events/pages/create-event-page').then((m) => ({ Component: m.CreateEventPage })),
          },
          {
            path: 'events/:id/edit',
            lazy: () => import('./routes/admin-edit-event-route').then((m) => ({ Component: m.AdminEditEventRoute })),
          },
          {
            path: 'events/:id/attendees',
            lazy: () => import('./routes/admin-attendees-route').then((m) => ({ Component: m.AdminAttendeesRoute })),
          },
          {
            path: 'events/:id/cpf-sales',
            lazy: () => import('../features/admin/cpf-sales/pages/cpf-sales-page').then((m) => ({ Component: m.CpfSalesPage })),
          },
          {
            path: 'events/:id/bordero',
            lazy: () => import('../features/admin/bordero/pages/bordero-page').then((m) => ({ Component: m.BorderoPage })),
          },
          { path: 'brands', lazy: () => import('../features/admin/brands/pages/brands-page').then((m) => ({ Component: m.BrandsPage })) },
          { path: 'staff', lazy: () => import('../features/admin/staff/pages/staff-page').then((m) => ({ Component: m.StaffPage })) },
          { path: 'audit', lazy: () => import('../features/admin/audit/pages/audit-page').then((m) => ({ Component: m.AuditPage })) },
          {
            path: 'box-office',
            lazy: () => import('../features/admin/box-office/pages/admin-drawers-page').then((m) => ({ Component: m.AdminDrawersPage })),
          },
          {
            path: 'guest-lists',
            lazy: () => import('../features/guest-lists/pages/admin-guest-lists-page').then((m) => ({ Component: m.AdminGuestListsPage })),
          },
        ],
      },
      {
        element: <MainLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home-route').then((m) => ({ Component: m.HomeRoute })) },
          { path: 'news/:id', lazy: () => import('../features/content/pages/news-page').then((m) => ({ Component: m.NewsPage })) },
          { path: 'events', lazy: () => import('../features/events/pages/events-page').then((m) => ({ Component: m.EventsPage })) },
          {
            path: 'events/:brand',
            lazy: () => import('../features/events/pages/brand-events-page').then((m) => ({ Component: m.BrandEventsPage })),
          },
          { path: 'event/:id', lazy: () => import('./routes/event-detail-route').then((m) => ({ Component: m.EventDetailRoute })) },
          {
            path: 'event/:id/waiting-room',
            lazy: () =>
              import('./routes/waiting-room-route').then((m) => ({
                Component: () => (
                  <RequireAuth>
                    <m.WaitingRoomRoute />
                  </RequireAuth>
                ),
              })),
          },
          {
            path: 'payment-success',
            lazy: () => import('../features/checkout/pages/payment-success-page').then((m) => ({ Component: m.PaymentSuccessPage })),
          },
          {
            path: 'transfer/:token',
            lazy: () => import('../features/tickets/pages/accept-transfer-page').then((m) => ({ Component: m.AcceptTransferPage })),
          },
          {
            path: 'lista/:token',
            lazy: () => import('../features/guest-lists/pages/guest-list-link-page').then((m) => ({ Component: m.GuestListLinkPage })),
          },
          {
            path: 'listas',
            lazy: () =>
              import('../features/guest-lists/pages/my-guest-lists-page').then((m) => ({
                Component: () => (
                  <RequireAuth>
                    <m.MyGuestListsPage />
                  </RequireAuth>
                ),
              })),
          },
          {
            path: 'tickets',
            lazy: () =>
              import('./routes/tickets-route').then((m) => ({
                Component: () => (
                  <RequireAuth>
                    <m.TicketsRoute />
                  </RequireAuth>
                ),
              })),
          },
          {
            path: 'refund-request',
            lazy: () =>
              import('../features/refunds/pages/refund-request-page').then((m) => ({
                Component: () => (
                  <RequireAuth>
                    <m.RefundRequestPage />
                  </RequireAuth>
                ),
              })),
          },
          {
            path: 'profile',
            lazy: () =>
              import('../features/profile/pages/profile-page').then((m) => ({
                Component: () => (
                  <RequireAuth>
                    <m.ProfilePage />
                  </RequireAuth>
                ),
              })),
          },
          {
            path: 'profile/edit',
            lazy: () =>
              import('../features/profile/pages/profile-edit-page').then((m) => ({
                Component: () => (
                  <RequireAuth>
                    <m.ProfileEditPage />
                  </RequireAuth>
                ),
              })),
          },
          {
            path: 'data-management',
            lazy: () =>
              import('../features/profile/pages/data-management-page').then((m) => ({
                Component: () => (
                  <RequireAuth>
                    <m.DataManagementPage />
                  </RequireAuth>
                ),
              })),
          },
          {
            path: 'settings',
            lazy: () =>
              import('../features/settings/pages/settings-page').then((m) => ({
                Component: () => (
                  <RequireAuth>
                    <m.SettingsPage />
                  </RequireAuth>
                ),
              })),
          },
          {
            path: 'privacy-policy',
            lazy: () => import('../features/legal/pages/privacy-policy-page').then((m) => ({ Component: m.PrivacyPolicyPage })),
          },
          {
            path: 'terms-of-service',
            lazy: () => import('../features/legal/pages/terms-of-service-page').then((m) => ({ Component: m.TermsOfServicePage })),
          },
          {
            path: 'meia-entrada',
            lazy: () => import('../features/legal/pages/meia-entrada-page').then((m) => ({ Component: m.MeiaEntradaPage })),
          },
          { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
]);
