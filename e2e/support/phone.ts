import { demoVariant } from './server.ts';

const ALL_DAY = [
  { opens: '00:00', closes: '12:00' },
  { opens: '12:00', closes: '00:00' },
];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** The demo shop as shipped, its stores open around the clock and no closed-shop notice. */
export function alwaysOpenDemo() {
  return demoVariant((doc) => {
    doc.config.IsShopClosed = 0;
    for (const store of doc.stores) {
      store.openingHours = Object.fromEntries(DAYS.map((day) => [day, ALL_DAY])) as never;
      store.specialDays = [];
      store.pause = null as never;
    }
  });
}

/**
 * The demo shop with its stores closed now, at any hour the test runs, and open for an hour two
 * hours from now every day: a customer orders ahead for the first time offered.
 */
export function closedNowDemo(now = new Date()) {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hour12: false, timeZone: 'Europe/London' })
      .format(now)
      .slice(0, 2),
  );
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const hours = [{ opens: at(hour + 2), closes: at(hour + 3) }];
  return demoVariant((doc) => {
    doc.config.IsShopClosed = 0;
    for (const store of doc.stores) {
      store.openingHours = Object.fromEntries(DAYS.map((day) => [day, hours])) as never;
      store.specialDays = [];
      store.pause = null as never;
    }
  });
}
