// The two landing pages, one chunk (app/lazy-pages.ts).
export { HomePage } from './home-page.tsx';
export { ReservationHome } from './reservation-home.tsx';
