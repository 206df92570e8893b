import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { queryClient } from './lib/query-client';
import { router } from './app/router';
import './styles.css';
import { applyTheme, useTheme } from './app/theme';
import { listenForInstallPrompt } from './lib/install-prompt';

applyTheme();
listenForInstallPrompt();
// The campaign of the address the app opened at, whatever the page: the address is read now,
// before a guard's redirect; the code that keeps it comes in its own chunk, so the first page does
// not wait for it (docs/rules/sale.md 'Campaign attribution').
const arrivalSearch = window.location.search;
void import('./lib/attribution').then((m) => m.captureAttribution(arrivalSearch)).catch(() => undefined);

// The browser's bar takes the colour of the header in the theme in use (the settings switch can
// differ from the device's).
function followThemeColor() {
  const apply = () => {
    const color = document.documentElement.classList.contains('dark') ? '#15141f' : '#ffffff';
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.setAttribute('content', color);
  };
  apply();
  new MutationObserver(apply).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}
followThemeColor();

// The service worker (src/web/sw.ts) exists only in builds (not on the dev server): it keeps the
// app on the device and shows push notifications.
if (import.meta.env.MODE !== 'development' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error) => console.error('Service worker:', error));
  });
}

function ThemedToaster() {
  const theme = useTheme();
  return <Toaster position="top-center" theme={theme} closeButton />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ThemedToaster />
    </QueryClientProvider>
  </StrictMode>,
);
