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
