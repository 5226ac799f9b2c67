import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatClockTime, hhmm } from '@servery/contract/clock';
import { TRADING_DAY_STARTS } from '@servery/contract/trading-day';

/** 19 → "7:00 PM": an hour of the shop's day as every staff screen prints a time. */
const hourLabel = (hour: number) => formatClockTime(hhmm(hour * 60));

/** The hours in the trading day's order (decision 80): 4:00 AM first, 3:00 AM last. */
const FIRST = TRADING_DAY_STARTS / 60;
const place = (hour: number) => (hour - FIRST + 24) % 24;
const inDayOrder = <T extends { hour: number }>(hours: T[]) =>
  [...hours].sort((a, b) => place(a.hour) - place(b.hour));

/** Orders by hour of the shop's day, this period beside the previous one (uPlot, in this chunk). */
export function HourChart({
  now,
  before,
}: {
  now: { hour: number; orders: number }[];
  before: { hour: number; orders: number }[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const [today, earlier] = [inDayOrder(now), inDayOrder(before)];
    const hours = today.map((h) => place(h.hour));
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 300),
        height: 260,
        scales: { x: { time: false } },
        // A key, not figures that follow the pointer: they read "--" until a hover, and a
        // tablet has none (the hours in words are the figure's caption).
        legend: { live: false },
        axes: [
          {
            label: 'Hour',
            // Whole hours, far enough apart for "10:00 PM".
            incrs: [1, 2, 3, 4, 6, 12],
            space: 64,
            values: (_u, ticks) => ticks.map((t) => hourLabel((t + FIRST) % 24)),
          },
          // Orders are counted whole: no "0.25" between 0 and 1.
          { label: 'Orders', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
        ],
        series: [
          {},
          { label: 'This period', stroke: '#b45309', fill: 'rgba(180,83,9,0.15)', width: 2 },
          { label: 'Previous', stroke: '#57534e', dash: [6, 4], width: 2 },
        ],
      },
      [hours, today.map((h) => h.orders), earlier.map((h) => h.orders)],
      element,
    );
    return () => chart.destroy();
  }, [now, before]);
  return (
    <figure className="mt-4">
      <div ref={box} aria-hidden="true" />
      <figcaption className="sr-only">
        Orders by hour:{' '}
        {inDayOrder(now)
          .filter((h) => h.orders > 0)
          .map((h) => `${hourLabel(h.hour)}: ${h.orders}`)
          .join(', ') || 'none'}
      </figcaption>
    </figure>
  );
}
