import { redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from '../features/shell/route-handle.ts';
import { loadChunk } from '../lib/lazy-chunk.ts';
import { homePathFor } from './native-app.ts';
import { RootErrorBoundary } from './root-error-boundary.tsx';
import { RootLayout } from './root-layout.tsx';
import { rootLoader } from './root-loader.ts';
import { StartupScreen } from './startup-screen.tsx';

const handle = (value: RouteHandle): RouteHandle => value;

/**
 * Every route of spec §2. Three trees, each its own lazy chunks, so a guest's phone downloads only the
 * guest code (bench/bundle-size.ts checks it): guest (/reservar, /iframe-reservar, /widget, /menu, /carta,
 * /takeaway-delivery, /home), kiosk (/kiosk) and staff (/copilot, /login, /ebitdata). The handles stay
 * here, outside the chunks, so the title and icon are right while a route's code is still loading.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    // The configuration is loaded once (spec §2); navigating never reloads it.
    shouldRevalidate: () => false,
    HydrateFallback: StartupScreen,
    ErrorBoundary: RootErrorBoundary,
    Component: RootLayout,
    children: [
      { index: true, loader: () => redirect(homePathFor(navigator.userAgent)), element: null },
      {
        id: 'guest',
        lazy: () => loadChunk(() => import('./routes/guest/guest-route.tsx')),
        children: [
          {
            path: 'reservar',
            handle: handle({ title: 'reserve', favicon: 'default' }),
            lazy: () => loadChunk(() => import('./routes/guest/reserve-route.tsx')),
          },
          {
            path: 'menu',
            handle: handle({ title: 'menu', favicon: 'menu', bodyClass: 'page-menu' }),
            lazy: () => loadChunk(() => import('./routes/guest/menu-route.tsx')),
          },
          {
            path: 'carta',
            handle: handle({ title: 'carta', favicon: 'menu', bodyClass: 'page-menu' }),
            lazy: () => loadChunk(() => import('./routes/guest/menu-route.tsx')),
          },
          {
            path: 'takeaway-delivery',
            handle: handle({ title: 'takeawayDelivery', favicon: 'menu' }),
            lazy: () => loadChunk(() => import('./routes/guest/takeaway-delivery-route.tsx')),
          },
          {
            path: 'home',
            handle: handle({ title: 'home', favicon: 'venue' }),
            lazy: () => loadChunk(() => import('./routes/guest/home-route.tsx')),
          },
          {
            path: 'opinion',
            handle: handle({ title: 'review', favicon: 'venue' }),
            lazy: () => loadChunk(() => import('./routes/guest/review-route.tsx')),
          },
          {
            path: 'mis-reservas',
            handle: handle({ title: 'myReservations', favicon: 'venue' }),
            lazy: () => loadChunk(() => import('./routes/guest/my-reservations-route.tsx')),
          },
        ],
      },
      {
        id: 'embedded',
        lazy: () => loadChunk(() => import('./routes/guest/embedded-route.tsx')),
        children: [
          {
            path: 'iframe-reservar',
            handle: handle({ title: 'iframeReserve', favicon: 'default' }),
            lazy: () => loadChunk(() => import('./routes/guest/iframe-reserve-route.tsx')),
          },
          {
            path: 'widget',
            handle: handle({ title: 'widget', favicon: 'default' }),
            lazy: () => loadChunk(() => import('./routes/guest/widget-route.tsx')),
          },
        ],
      },
      {
        path: 'kiosk',
        handle: handle({ title: 'kiosk', favicon: 'kiosk', bodyClass: 'page-kiosk' }),
        lazy: () => loadChunk(() => import('./routes/kiosk/kiosk-route.tsx')),
      },
      {
        path: 'login',
        handle: handle({ title: 'login', favicon: 'login', bodyClass: 'page-login' }),
        lazy: () => loadChunk(() => import('./routes/staff/login-route.tsx')),
      },
      {
        path: 'copilot',
        handle: handle({ title: 'copilot', favicon: 'copilot', bodyClass: 'page-copilot' }),
        lazy: () => loadChunk(() => import('./routes/staff/copilot-route.tsx')),
      },
      {
        path: 'ebitdata',
        handle: handle({ title: 'ebitdata', favicon: 'default' }),
        lazy: () => loadChunk(() => import('./routes/staff/ebitdata-route.tsx')),
        children: [
          // The venue section is the area's first screen, at /ebitdata itself.
          {
            index: true,
            lazy: () => loadChunk(() => import('./routes/staff/admin-venue-route.tsx')),
          },
          {
            path: 'reservas',
            lazy: () => loadChunk(() => import('./routes/staff/admin-bookings-route.tsx')),
          },
          {
            path: 'sala',
            lazy: () => loadChunk(() => import('./routes/staff/admin-floor-route.tsx')),
          },
          {
            path: 'audit',
            lazy: () => loadChunk(() => import('./routes/staff/admin-audit-route.tsx')),
          },
          {
            path: 'equipo',
            lazy: () => loadChunk(() => import('./routes/staff/admin-staff-route.tsx')),
          },
          {
            path: 'opiniones',
            lazy: () => loadChunk(() => import('./routes/staff/admin-reviews-route.tsx')),
          },
          {
            path: 'informes',
            lazy: () => loadChunk(() => import('./routes/staff/admin-reports-route.tsx')),
          },
          {
            path: 'dispositivos',
            lazy: () => loadChunk(() => import('./routes/staff/admin-devices-route.tsx')),
          },
          {
            path: 'carta',
            lazy: () => loadChunk(() => import('./routes/staff/admin-menus-route.tsx')),
          },
          {
            path: 'fiscal',
            lazy: () => loadChunk(() => import('./routes/staff/admin-fiscal-route.tsx')),
          },
          {
            path: 'carta/importar',
            lazy: () => loadChunk(() => import('./routes/staff/admin-menu-import-route.tsx')),
          },
        ],
      },
      // Spec §2: any other path goes to the reservation form.
      { path: '*', loader: () => redirect('/reservar'), element: null },
    ],
  },
];
